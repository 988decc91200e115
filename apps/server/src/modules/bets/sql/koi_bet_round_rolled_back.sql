-- Owned by the bets module (see koi_bet_round_record.sql for the boundary with the providers module).
--
-- Takes a rolled-back stake off its round; a round with nothing staked left counts as rolled back
-- (status 3), and is no longer counted in bet records and reports.
CREATE OR REPLACE FUNCTION koi_bet_round_rolled_back(
  p_provider integer, p_round text, p_player bigint, p_stake bigint, p_now timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bet_rounds r SET
    stake_micro = r.stake_micro - p_stake,
    status = CASE WHEN r.stake_micro - p_stake = 0 THEN 3 ELSE r.status END,
    closed_at = p_now
  WHERE r.provider_id = p_provider AND r.round_id = p_round AND r.player_id = p_player;
END
$$;
