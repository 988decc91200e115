-- A revoked session must stop working on every node at once (koi_notify_player_change, which picks the rows
-- whose revocation changed).
CREATE OR REPLACE TRIGGER sessions_notify_revoked AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION koi_notify_player_change();
