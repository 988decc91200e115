-- Owned by the bets module (src/modules/bets), which owns bet_rounds and valid_bets_daily: this,
-- koi_bet_round_rolled_back.sql and koi_bet_round_settled.sql are the only SQL that writes a round or the
-- valid-bet feed. The providers module's koi_provider_wallet_step calls this one and koi_bet_round_rolled_back
-- inside a provider's wallet call, so the bets/providers boundary in SQL is exactly these functions.
--
-- Adds a call's stake and payout to its round (created on the first call) and closes it when asked. Every
-- change is a delta added in place, so concurrent calls of one round never lose each other's amounts. The
-- round's first close stamps settled_at, which later calls keep.
--
-- The feed follows the round in the same statement: what the round contributes to valid_bets_daily (one bet,
-- its stake and payout, when it is settled, i.e. closed, and valid; nothing otherwise) is compared before and
-- after the change, and only the difference is added to the row of the round's settlement day. So a round is
-- counted when it first closes, later calls move only their own amounts, and a round is taken out exactly as
-- far as it was put in: the feed is always the sum of the rounds, whatever order calls and rollbacks arrive.
-- Calls that change nothing the feed holds (a bet of a round still open) write no feed row at all.
--
-- Concurrency: the before-image (`o`) is read in the statement's snapshot, so the difference is right only
-- when nothing else changes the round meanwhile. The one caller, koi_provider_wallet_step, holds the round's
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
BEGIN
  WITH o AS (
    SELECT r.status, r.stake_micro, r.payout_micro FROM bet_rounds r
    WHERE r.provider_id = p_provider AND r.round_id = p_round AND r.player_id = p_player
  ), n AS (
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
    RETURNING r.status, r.stake_micro, r.payout_micro, r.valid, r.settled_at, r.game_type_id
  ), d AS (
    SELECT n.settled_at, n.game_type_id,
      (n.valid AND n.status = 2)::integer - (n.valid AND coalesce(o.status = 2, false))::integer AS bets,
      CASE WHEN n.valid AND n.status = 2 THEN n.stake_micro ELSE 0 END
        - CASE WHEN n.valid AND o.status = 2 THEN o.stake_micro ELSE 0 END AS stake,
      CASE WHEN n.valid AND n.status = 2 THEN n.payout_micro ELSE 0 END
        - CASE WHEN n.valid AND o.status = 2 THEN o.payout_micro ELSE 0 END AS payout
    FROM n LEFT JOIN o ON true
  )
  INSERT INTO valid_bets_daily AS a (player_id, day, game_type_id, provider_id, bet_count, stake_micro,
    payout_micro)
  SELECT p_player, ((d.settled_at AT TIME ZONE 'UTC') + interval '8 hours')::date, d.game_type_id, p_provider,
    d.bets, d.stake, d.payout
  FROM d WHERE d.bets <> 0 OR d.stake <> 0 OR d.payout <> 0
  ON CONFLICT (player_id, day, game_type_id, provider_id) DO UPDATE SET
    bet_count = a.bet_count + excluded.bet_count,
    stake_micro = a.stake_micro + excluded.stake_micro,
    payout_micro = a.payout_micro + excluded.payout_micro;
END
$$;
