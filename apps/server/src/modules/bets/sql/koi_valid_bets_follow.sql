-- Owned by the bets module (see koi_bet_round_record.sql for how the valid-bet feed follows a round).
--
-- Moves the valid-bet feed by what one round's change did to its contribution: a round contributes one bet,
-- its stake and its payout to the feed row of its settlement day when it is settled (closed, status 2) and
-- valid, and nothing otherwise. The difference between the contribution after the change (`n_…`) and before it
-- (`o_…`, all null for a round that did not exist) is added to that row; a change that moves nothing writes no
-- row, and a round never settled has no day and never did contribute. Validity does not change after a round
-- is written, so both sides are judged by the round's current `valid`. The callers, koi_bet_round_record and
-- koi_bet_round_rolled_back, read the before-image and write the round under the round's lock, so the
-- difference is exact.
CREATE OR REPLACE FUNCTION koi_valid_bets_follow(
  p_player bigint, p_provider integer, p_valid boolean, p_settled_at timestamptz, p_game_type integer,
  o_status integer, o_stake bigint, o_payout bigint, n_status integer, n_stake bigint, n_payout bigint)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  was boolean := p_valid AND coalesce(o_status = 2, false);
  now_counted boolean := p_valid AND n_status = 2;
  d_bets integer := now_counted::integer - was::integer;
  d_stake bigint := CASE WHEN now_counted THEN n_stake ELSE 0 END - CASE WHEN was THEN o_stake ELSE 0 END;
  d_payout bigint := CASE WHEN now_counted THEN n_payout ELSE 0 END - CASE WHEN was THEN o_payout ELSE 0 END;
BEGIN
  IF p_settled_at IS NULL OR (d_bets = 0 AND d_stake = 0 AND d_payout = 0) THEN
    RETURN;
  END IF;
  INSERT INTO valid_bets_daily AS a (player_id, day, game_type_id, provider_id, bet_count, stake_micro,
    payout_micro)
  VALUES (p_player, ((p_settled_at AT TIME ZONE 'UTC') + interval '8 hours')::date, p_game_type, p_provider,
    d_bets, d_stake, d_payout)
  ON CONFLICT (player_id, day, game_type_id, provider_id) DO UPDATE SET
    bet_count = a.bet_count + excluded.bet_count,
    stake_micro = a.stake_micro + excluded.stake_micro,
    payout_micro = a.payout_micro + excluded.payout_micro;
END
$$;
