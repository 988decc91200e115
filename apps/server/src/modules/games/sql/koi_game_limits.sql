-- Owned by the games module, which owns games: what bounds a provider game's wins (whether one bet may be paid
-- more than one win, and a round's most as a multiple of its stake and in micro-USDT; null where the game
-- leaves it to the configured default), and its type. No row when the provider has no such game.
--
-- One SELECT in a STABLE SQL function returning a table, so PostgreSQL inlines it into the statement that
-- calls it (see koi_game_playable.sql).
CREATE OR REPLACE FUNCTION koi_game_limits(p_provider integer, p_game_code text)
RETURNS TABLE (r_game_type smallint, r_multi_win boolean, r_max_win_multiplier integer,
  r_max_win_per_round bigint)
LANGUAGE sql STABLE AS $$
  SELECT g.game_type_id, g.multi_win, g.max_win_multiplier, g.max_win_per_round_micro
    FROM games g WHERE g.plat_type_id = p_provider AND g.game_code = p_game_code
$$;
