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
DECLARE
  o record;
  n record;
BEGIN
  SELECT r.status, r.stake_micro, r.payout_micro INTO o FROM bet_rounds r
  WHERE r.provider_id = p_provider AND r.round_id = p_round AND r.player_id = p_player;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE bet_rounds r SET
    stake_micro = r.stake_micro - p_stake,
    status = CASE WHEN r.stake_micro - p_stake = 0 THEN 3 ELSE r.status END,
    closed_at = p_now
  WHERE r.provider_id = p_provider AND r.round_id = p_round AND r.player_id = p_player
  RETURNING r.status, r.stake_micro, r.payout_micro, r.valid, r.settled_at, r.game_type_id INTO n;
  PERFORM koi_valid_bets_follow(p_player, p_provider, n.valid, n.settled_at, n.game_type_id,
    o.status, o.stake_micro, o.payout_micro, n.status, n.stake_micro, n.payout_micro);
END
$$;
