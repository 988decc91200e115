-- A revoked session must stop working on every node at once (koi_notify_player_change). Touches of
-- last_seen_at do not notify: they change nothing a cache decides on.
CREATE OR REPLACE TRIGGER sessions_notify_revoked AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION koi_notify_player_change();
