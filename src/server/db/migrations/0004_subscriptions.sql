CREATE TABLE "subscribe_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"client_address" text
);
--> statement-breakpoint
CREATE TABLE "subscribe_digests" (
	"subscriber_id" uuid NOT NULL,
	"period" date NOT NULL,
	"status" text NOT NULL,
	"news_uuids" text[] DEFAULT '{}' NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" text,
	"error" text,
	CONSTRAINT "subscribe_digests_subscriber_id_period_pk" PRIMARY KEY("subscriber_id","period")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country" text NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"day_of_week" text NOT NULL,
	"trade_labels" text[] DEFAULT '{}' NOT NULL,
	"ports" text[] DEFAULT '{}' NOT NULL,
	"frequency_important" smallint DEFAULT 0 NOT NULL,
	"frequency_business" smallint DEFAULT 0 NOT NULL,
	"frequency_port" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_address" text
);
--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "trade_codes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "port_codes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribe_digests" ADD CONSTRAINT "subscribe_digests_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscribe_codes_email_idx" ON "subscribe_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");