CREATE TABLE "captcha_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" smallint NOT NULL,
	"email" text NOT NULL,
	"user_name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"need_call" smallint NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"region" text,
	"client_address" text,
	"notified_at" timestamp with time zone,
	"notify_error" text
);
--> statement-breakpoint
CREATE TABLE "position_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" smallint NOT NULL,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"graduate_school" text NOT NULL,
	"major" text NOT NULL,
	"graduate_time" text NOT NULL,
	"position_id" text NOT NULL,
	"position_title" text NOT NULL,
	"upload_id" text NOT NULL,
	"client_address" text,
	"notified_at" timestamp with time zone,
	"notify_error" text,
	CONSTRAINT "position_applications_upload_id_unique" UNIQUE("upload_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"client" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_bucket_client_window_start_pk" PRIMARY KEY("bucket","client","window_start")
);
--> statement-breakpoint
CREATE TABLE "resume_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"original_name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_address" text,
	"application_id" uuid,
	CONSTRAINT "resume_uploads_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
ALTER TABLE "position_applications" ADD CONSTRAINT "position_applications_upload_id_resume_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."resume_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "position_applications_created_idx" ON "position_applications" USING btree ("created_at");