-- Owned by the auth module, which owns players: what another module's SQL may read of a player by id (the
-- providers' seamless wallet reads a session's player and a bet's player through it). status is the auth
-- module's PlayerStatus (2 frozen).
--
-- One SELECT in a STABLE SQL function returning a table, so PostgreSQL inlines it into the statement that calls
-- it (as a join on players' primary key): asking the owner costs no call of its own.
CREATE OR REPLACE FUNCTION koi_player(p_player bigint)
RETURNS TABLE (r_username text, r_status smallint, r_self_excluded_until timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT p.username, p.status, p.self_excluded_until FROM players p WHERE p.id = p_player
$$;
