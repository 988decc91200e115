-- Owned by the bets module, the owner of the valid-bet feed (valid_bets_daily; valid-bets.ts).
--
-- The feed's rows of the UTC+8 days [p_from, p_to], both included, for modules that read the feed in bulk in
-- their own SQL (the daily rebate run, VIP progress, tournament leaderboards): they select from this function
-- instead of naming the table, so the feed stays the bets module's to change. It is a single SELECT in
-- LANGUAGE sql and STABLE, so PostgreSQL inlines it into the caller's query: a caller's grouping, filters and
-- min()/max() are planned against valid_bets_daily and its day index as if the table were named directly.
-- Rows whose rounds were all rolled back remain at zero; callers sum, so they add nothing.
CREATE OR REPLACE FUNCTION koi_valid_bets_days(p_from date, p_to date)
RETURNS TABLE (player_id bigint, day date, game_type_id smallint, provider_id smallint, bet_count integer,
  stake_micro bigint, payout_micro bigint)
LANGUAGE sql STABLE AS $$
  SELECT v.player_id, v.day, v.game_type_id, v.provider_id, v.bet_count, v.stake_micro, v.payout_micro
  FROM valid_bets_daily v
  WHERE v.day BETWEEN p_from AND p_to
$$;
