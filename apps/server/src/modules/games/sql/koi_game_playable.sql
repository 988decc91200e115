-- Owned by the games module, which owns games and game_providers: whether a provider's game may be played now,
-- and its type. The rule is the one assertPlayable (games/playable.ts) applies: the game exists, is enabled,
-- its provider is enabled, and its status is 1 (playable). No row when the provider has no such game.
-- games/playable.test.ts pins the two together over every switch and status.
--
-- One SELECT in a STABLE SQL function returning a table, so PostgreSQL inlines it into the statement that
-- calls it (the seamless wallet's bet reads it with the session, in one statement): asking the owner costs no
-- call of its own.
CREATE OR REPLACE FUNCTION koi_game_playable(p_provider integer, p_game_code text)
RETURNS TABLE (r_playable boolean, r_game_type smallint)
LANGUAGE sql STABLE AS $$
  SELECT g.enabled AND gp.enabled AND g.status = 1, g.game_type_id
    FROM games g JOIN game_providers gp ON gp.id = g.plat_type_id
    WHERE g.plat_type_id = p_provider AND g.game_code = p_game_code
$$;
