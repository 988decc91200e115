-- Owned by the auth module, which owns players: the player a username names exactly as spelled, found through
-- the lower(username) index (usernames are unique whatever their case). No row when none does.
--
-- One SELECT in a STABLE SQL function returning a table, so PostgreSQL inlines it into the statement that
-- calls it (see koi_player.sql).
CREATE OR REPLACE FUNCTION koi_player_by_username(p_username text)
RETURNS TABLE (r_id bigint)
LANGUAGE sql STABLE AS $$
  SELECT p.id FROM players p WHERE lower(p.username) = lower(p_username) AND p.username = p_username
$$;
