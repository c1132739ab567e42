CREATE TABLE "download_counts" (
	"file_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"last_download_at" timestamp with time zone
);
