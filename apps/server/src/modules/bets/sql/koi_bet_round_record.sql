-- Owned by the bets module (src/modules/bets), which owns bet_rounds and valid_bets_daily: this,
-- koi_bet_round_rolled_back.sql and koi_bet_round_settled.sql are the only SQL that writes a round, and
-- koi_valid_bets_follow.sql, which all three call, the only SQL that writes the valid-bet feed. The providers
-- module's koi_provider_wallet_step calls this one and koi_bet_round_rolled_back inside a provider's wallet
-- call, so the bets/providers boundary in SQL is exactly these functions.
--
-- Adds a call's stake and payout to its round (created on the first call) and closes it when asked. Every
-- change is a delta added in place, so concurrent calls of one round never lose each other's amounts. The
-- round's first close stamps settled_at, which later calls keep.
--
-- The feed follows the round in the same transaction: what the round contributes to valid_bets_daily (one
-- bet, its stake and payout, when it is settled, i.e. closed, and valid; nothing otherwise) is compared before
-- and after the change, and only the difference is added to the row of the round's settlement day
-- (koi_valid_bets_follow). So a round is counted when it first closes, later calls move only their own
-- amounts, and a round is taken out exactly as far as it was put in: the feed is always the sum of the rounds,
-- whatever order calls and rollbacks arrive. Calls that change nothing the feed holds (a bet of a round still
-- open) write no feed row at all.
--
-- Concurrency: the before-image is read just before the write, so the difference is right only when nothing
-- else changes the round meanwhile. The one caller, koi_provider_wallet_step, holds the round's
-- advisory lock (pg_advisory_xact_lock(provider, hashtext(round))) for its whole transaction, so a round's
-- calls are serial. The feed row is one per player, day, category and provider, so only the player's own
-- rounds ever wait on it, and they already serialise on the player's wallet row, which every call locks
-- (koi_ledger_transfer) before it records the round: the feed row adds no new wait, and since a batch takes
-- its players' wallets in one order and each player's feed row right after that player's wallet, no new lock
-- cycle either.
CREATE OR REPLACE FUNCTION koi_bet_round_record(
  p_provider integer, p_round text, p_player bigint, p_game_code text, p_game_type integer,
  p_stake_delta bigint, p_payout_delta bigint, p_close boolean, p_now timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  o record;
  n record;
BEGIN
  SELECT r.status, r.stake_micro, r.payout_micro INTO o FROM bet_rounds r
  WHERE r.provider_id = p_provider AND r.round_id = p_round AND r.player_id = p_player;
  INSERT INTO bet_rounds AS r (provider_id, round_id, player_id, game_code, game_type_id, stake_micro,
    payout_micro, status, opened_at, closed_at, settled_at)
  VALUES (p_provider, p_round, p_player, p_game_code, p_game_type, p_stake_delta, p_payout_delta,
    CASE WHEN p_close THEN 2 ELSE 1 END, p_now, CASE WHEN p_close THEN p_now END,
    CASE WHEN p_close THEN p_now END)
  ON CONFLICT (provider_id, round_id, player_id) DO UPDATE SET
    stake_micro = r.stake_micro + p_stake_delta,
    payout_micro = r.payout_micro + p_payout_delta,
    status = CASE WHEN p_close THEN 2 ELSE r.status END,
    closed_at = CASE WHEN p_close THEN p_now ELSE r.closed_at END,
    settled_at = coalesce(r.settled_at, CASE WHEN p_close THEN p_now END)
  RETURNING r.status, r.stake_micro, r.payout_micro, r.valid, r.settled_at, r.game_type_id INTO n;
  PERFORM koi_valid_bets_follow(p_player, p_provider, n.valid, n.settled_at, n.game_type_id,
    o.status, o.stake_micro, o.payout_micro, n.status, n.stake_micro, n.payout_micro);
END
$$;
