-- Cached public reads built from game_categories are dropped on every node when it changes (koi_notify_public_change).
CREATE OR REPLACE TRIGGER game_categories_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_categories
  FOR EACH STATEMENT EXECUTE FUNCTION koi_notify_public_change();
