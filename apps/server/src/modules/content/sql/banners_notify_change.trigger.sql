-- Cached public reads built from banners are dropped on every node when it changes (koi_notify_public_change).
CREATE OR REPLACE TRIGGER banners_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION koi_notify_public_change();
