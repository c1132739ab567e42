CREATE TABLE "stories" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"titles" text DEFAULT '' NOT NULL,
	"type_id" text NOT NULL,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"live_revision" integer
);
--> statement-breakpoint
CREATE TABLE "story_revisions" (
	"story_id" text NOT NULL,
	"number" integer NOT NULL,
	"action" text NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	CONSTRAINT "story_revisions_story_id_number_pk" PRIMARY KEY("story_id","number")
);
--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_type_id_news_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."news_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_revisions" ADD CONSTRAINT "story_revisions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_updated_idx" ON "stories" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "stories_status_idx" ON "stories" USING btree ("status","scheduled_at");