-- Owned by the bets module (see koi_bet_round_record.sql for the boundary with the providers module and for
-- how the valid-bet feed follows a round).
--
-- Takes a rolled-back stake off its round; a round with nothing staked left counts as rolled back
-- (status 3), and is no longer counted in bet records, reports or the valid-bet feed. The feed row of the
-- round's settlement day loses exactly what the round contributed before and no longer does: the stake taken
-- off, or the whole round (its bet, stake and payout) when nothing is left. A round never settled was never
-- counted and changes no feed row. The caller holds the round's lock (see koi_bet_round_record.sql).
CREATE OR REPLACE FUNCTION koi_bet_round_rolled_back(
  p_provider integer, p_round text, p_player bigint, p_stake bigint, p_now timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH o AS (
    SELECT r.status, r.stake_micro, r.payout_micro FROM bet_rounds r
    WHERE r.provider_id = p_provider AND r.round_id = p_round AND r.player_id = p_player
  ), n AS (
    UPDATE bet_rounds r SET
      stake_micro = r.stake_micro - p_stake,
      status = CASE WHEN r.stake_micro - p_stake = 0 THEN 3 ELSE r.status END,
      closed_at = p_now
    WHERE r.provider_id = p_provider AND r.round_id = p_round AND r.player_id = p_player
    RETURNING r.status, r.stake_micro, r.payout_micro, r.valid, r.settled_at, r.game_type_id
  ), d AS (
    SELECT n.settled_at, n.game_type_id,
      (n.valid AND n.status = 2)::integer - (n.valid AND o.status = 2)::integer AS bets,
      CASE WHEN n.valid AND n.status = 2 THEN n.stake_micro ELSE 0 END
        - CASE WHEN n.valid AND o.status = 2 THEN o.stake_micro ELSE 0 END AS stake,
      CASE WHEN n.valid AND n.status = 2 THEN n.payout_micro ELSE 0 END
        - CASE WHEN n.valid AND o.status = 2 THEN o.payout_micro ELSE 0 END AS payout
    FROM n, o
  )
  INSERT INTO valid_bets_daily AS a (player_id, day, game_type_id, provider_id, bet_count, stake_micro,
    payout_micro)
  SELECT p_player, ((d.settled_at AT TIME ZONE 'UTC') + interval '8 hours')::date, d.game_type_id, p_provider,
    d.bets, d.stake, d.payout
  FROM d WHERE d.settled_at IS NOT NULL AND (d.bets <> 0 OR d.stake <> 0 OR d.payout <> 0)
  ON CONFLICT (player_id, day, game_type_id, provider_id) DO UPDATE SET
    bet_count = a.bet_count + excluded.bet_count,
    stake_micro = a.stake_micro + excluded.stake_micro,
    payout_micro = a.payout_micro + excluded.payout_micro;
END
$$;
