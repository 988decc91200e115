-- Cached public reads built from games are dropped on every node when it changes (koi_notify_public_change).
CREATE OR REPLACE TRIGGER games_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION koi_notify_public_change();
