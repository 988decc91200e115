-- Tells every node that what its session cache holds about a player changed (modules/auth/session-cache.ts):
-- a session revoked (sign-out, "end other sessions", freeze, password change or reset, self-exclusion) or a
-- player's standing or profile changed. NOTIFY is delivered only when the transaction commits, and every
-- write path goes through these triggers, so no code path can forget to tell the caches.
CREATE OR REPLACE FUNCTION koi_notify_player_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Separate branches: PL/pgSQL resolves every field an expression names, so one CASE naming both the
  -- players' id and the sessions' player_id fails on either table.
  IF TG_TABLE_NAME = 'players' THEN
    PERFORM pg_notify('koi_changes', 'player:' || NEW.id);
  ELSE
    PERFORM pg_notify('koi_changes', 'player:' || NEW.player_id);
  END IF;
  RETURN NULL;
END
$$;
