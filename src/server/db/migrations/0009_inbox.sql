CREATE TABLE "inbox_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "outbox_file" text;--> statement-breakpoint
ALTER TABLE "position_applications" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "position_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "position_applications" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "position_applications" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "position_applications" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "position_applications" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "position_applications" ADD COLUMN "outbox_file" text;--> statement-breakpoint
CREATE INDEX "inbox_notes_item_idx" ON "inbox_notes" USING btree ("item_kind","item_id","at");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "position_applications_status_idx" ON "position_applications" USING btree ("status","created_at");