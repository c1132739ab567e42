-- A story's revision for the nightly job's incremental pull (GET /cosNewss/exportRevisions):
-- news_items.updated_at moves on every change of the row and of its labels, whoever writes it.
CREATE OR REPLACE FUNCTION news_items_touch() RETURNS trigger AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER news_items_touch BEFORE UPDATE ON news_items
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION news_items_touch();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION news_item_labels_touch() RETURNS trigger AS $$
BEGIN
  UPDATE news_items n SET updated_at = clock_timestamp()
    FROM (SELECT DISTINCT uuid, language FROM changed) c
    WHERE n.uuid = c.uuid AND n.language = c.language;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER news_item_labels_insert AFTER INSERT ON news_item_labels
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION news_item_labels_touch();
--> statement-breakpoint
CREATE TRIGGER news_item_labels_update AFTER UPDATE ON news_item_labels
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION news_item_labels_touch();
--> statement-breakpoint
CREATE TRIGGER news_item_labels_delete AFTER DELETE ON news_item_labels
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION news_item_labels_touch();
