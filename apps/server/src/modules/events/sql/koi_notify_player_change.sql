-- Tells every node that what its session cache holds about some players changed (modules/auth/session-cache.ts):
-- a session revoked (sign-out, "end other sessions", freeze, password change or reset, self-exclusion) or a
-- player's standing or profile changed. NOTIFY is delivered only when the transaction commits, and every
-- write path goes through these triggers, so no code path can forget to tell the caches.
--
-- A statement-level trigger with the statement's old and new rows: one notification names up to 500 players
-- (`player:<id>,<id>,…`, well inside NOTIFY's 8000-byte payload), so a bulk change (the daily VIP run raising
-- thousands of levels, a freeze of many players) costs a few notifications instead of one a row, and the
-- listening nodes handle a few messages instead of thousands.
CREATE OR REPLACE FUNCTION koi_notify_player_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  i integer;
BEGIN
  -- Separate branches: PL/pgSQL resolves every column a query names when it first runs it, so one query
  -- naming both the players' columns and the sessions' fails on either table.
  IF TG_TABLE_NAME = 'players' THEN
    -- Sign-in bookkeeping (failed attempts, locks, last login) changes nothing a cache decides on.
    SELECT array_agg(n.id ORDER BY n.id) INTO ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.status IS DISTINCT FROM n.status
       OR o.self_excluded_until IS DISTINCT FROM n.self_excluded_until
       OR o.withdraw_password_hash IS DISTINCT FROM n.withdraw_password_hash
       OR o.password_hash IS DISTINCT FROM n.password_hash
       OR o.vip_level IS DISTINCT FROM n.vip_level
       OR o.username IS DISTINCT FROM n.username
       OR o.invite_code IS DISTINCT FROM n.invite_code;
  ELSE
    -- Touches of last_seen_at do not notify: only a revocation changes what a cache decides on.
    SELECT array_agg(DISTINCT n.player_id ORDER BY n.player_id) INTO ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.revoked_at IS DISTINCT FROM n.revoked_at;
  END IF;
  FOR i IN 1 .. coalesce(array_length(ids, 1), 0) BY 500 LOOP
    PERFORM pg_notify('koi_changes', 'player:' || array_to_string(ids[i:i + 499], ','));
  END LOOP;
  RETURN NULL;
END
$$;
