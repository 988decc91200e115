-- A frozen, self-excluded or otherwise changed player is seen at once on every node
-- (koi_notify_player_change). Sign-in bookkeeping (failed attempts, locks, last login) does not notify.
CREATE OR REPLACE TRIGGER players_notify_change AFTER UPDATE ON players
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.self_excluded_until IS DISTINCT FROM NEW.self_excluded_until
    OR OLD.withdraw_password_hash IS DISTINCT FROM NEW.withdraw_password_hash
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
    OR OLD.vip_level IS DISTINCT FROM NEW.vip_level
    OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.invite_code IS DISTINCT FROM NEW.invite_code)
  EXECUTE FUNCTION koi_notify_player_change();
