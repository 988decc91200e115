-- Cached public reads built from game_providers are dropped on every node when it changes (koi_notify_public_change).
CREATE OR REPLACE TRIGGER game_providers_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_providers
  FOR EACH STATEMENT EXECUTE FUNCTION koi_notify_public_change();
