-- Cached public reads built from config_items are dropped on every node when it changes (koi_notify_public_change).
CREATE OR REPLACE TRIGGER config_items_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON config_items
  FOR EACH STATEMENT EXECUTE FUNCTION koi_notify_public_change();
