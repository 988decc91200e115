-- A frozen, self-excluded or otherwise changed player is seen at once on every node
-- (koi_notify_player_change, which picks the rows whose cached fields changed).
CREATE OR REPLACE TRIGGER players_notify_change AFTER UPDATE ON players
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION koi_notify_player_change();
