CREATE TABLE "tracking_alert_sends" (
	"alert_id" uuid NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_alert_sends_alert_id_key_pk" PRIMARY KEY("alert_id","key")
);
--> statement-breakpoint
CREATE TABLE "tracking_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"language" smallint NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"booking" text,
	"bl" text,
	"milestones" text[] NOT NULL,
	"eta_hours" integer DEFAULT 12 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"notified_eta" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"event_type" text NOT NULL,
	"classifier" text NOT NULL,
	"type_code" text NOT NULL,
	"document_type" text,
	"event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booking" text,
	"bl" text,
	"equipment" text,
	"location" text,
	"transport_call_id" text,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_feeds" (
	"source" text PRIMARY KEY NOT NULL,
	"provider_url" text NOT NULL,
	"subscription_id" uuid,
	"secret" text,
	"callback_url" text,
	"subscribed_at" timestamp with time zone,
	"polled_until" timestamp (3) with time zone,
	"poll_lease_until" timestamp with time zone,
	"last_heard_at" timestamp with time zone,
	"last_callback_at" timestamp with time zone,
	"last_poll_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tracking_alert_sends" ADD CONSTRAINT "tracking_alert_sends_alert_id_tracking_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."tracking_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_alerts_booking_idx" ON "tracking_alerts" USING btree ("booking");--> statement-breakpoint
CREATE INDEX "tracking_alerts_bl_idx" ON "tracking_alerts" USING btree ("bl");--> statement-breakpoint
CREATE INDEX "tracking_alerts_email_idx" ON "tracking_alerts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_alerts_one_idx" ON "tracking_alerts" USING btree ("email","reference");--> statement-breakpoint
CREATE INDEX "tracking_events_booking_idx" ON "tracking_events" USING btree ("booking");--> statement-breakpoint
CREATE INDEX "tracking_events_bl_idx" ON "tracking_events" USING btree ("bl");--> statement-breakpoint
CREATE INDEX "tracking_events_equipment_idx" ON "tracking_events" USING btree ("equipment");--> statement-breakpoint
CREATE INDEX "tracking_events_created_idx" ON "tracking_events" USING btree ("created_at","event_id");