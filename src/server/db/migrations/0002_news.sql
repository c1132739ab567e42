CREATE TABLE "news_item_labels" (
	"uuid" text NOT NULL,
	"language" smallint NOT NULL,
	"label_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "news_item_labels_uuid_language_label_id_pk" PRIMARY KEY("uuid","language","label_id")
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"uuid" text NOT NULL,
	"language" smallint NOT NULL,
	"type_id" text NOT NULL,
	"title" text NOT NULL,
	"sub_title" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"status_dt" date NOT NULL,
	"pic_url" text,
	"important" boolean DEFAULT false NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_items_uuid_language_pk" PRIMARY KEY("uuid","language")
);
--> statement-breakpoint
CREATE TABLE "news_labels" (
	"id" text PRIMARY KEY NOT NULL,
	"sort" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_types" (
	"id" text PRIMARY KEY NOT NULL,
	"sort" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_item_labels" ADD CONSTRAINT "news_item_labels_label_id_news_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."news_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_item_labels" ADD CONSTRAINT "news_item_labels_uuid_language_news_items_uuid_language_fk" FOREIGN KEY ("uuid","language") REFERENCES "public"."news_items"("uuid","language") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_type_id_news_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."news_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_item_labels_label_idx" ON "news_item_labels" USING btree ("label_id","language");--> statement-breakpoint
CREATE INDEX "news_items_list_idx" ON "news_items" USING btree ("language","type_id","status_dt");