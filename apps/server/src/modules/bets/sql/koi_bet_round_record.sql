-- Owned by the bets module (src/modules/bets), which owns bet_rounds: this and
-- koi_bet_round_rolled_back.sql are the only SQL that writes a round. records.repository.ts calls them for the
-- originals, and the providers module's koi_provider_wallet_call calls them inside a provider's wallet call,
-- so the records/providers boundary in SQL is exactly these two functions.
--
-- Adds a call's stake and payout to its round (created on the first call) and closes it when asked. Every
-- change is a delta added in place, so concurrent calls of one round never lose each other's amounts.
CREATE OR REPLACE FUNCTION koi_bet_round_record(
  p_provider integer, p_round text, p_player bigint, p_game_code text, p_game_type integer,
  p_stake_delta bigint, p_payout_delta bigint, p_close boolean, p_now timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bet_rounds AS r (provider_id, round_id, player_id, game_code, game_type_id, stake_micro,
    payout_micro, status, opened_at, closed_at)
  VALUES (p_provider, p_round, p_player, p_game_code, p_game_type, p_stake_delta, p_payout_delta,
    CASE WHEN p_close THEN 2 ELSE 1 END, p_now, CASE WHEN p_close THEN p_now END)
  ON CONFLICT (provider_id, round_id, player_id) DO UPDATE SET
    stake_micro = r.stake_micro + p_stake_delta,
    payout_micro = r.payout_micro + p_payout_delta,
    status = CASE WHEN p_close THEN 2 ELSE r.status END,
    closed_at = CASE WHEN p_close THEN p_now ELSE r.closed_at END;
END
$$;
