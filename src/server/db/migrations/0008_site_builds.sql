CREATE TABLE "site_builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"release" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "site_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "notice_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "notice_mailed_by" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "notice_mailed_count" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "notice_recipients" integer;--> statement-breakpoint
CREATE INDEX "site_builds_started_idx" ON "site_builds" USING btree ("started_at");