-- Owned by the providers module: group commit of the seamless wallet (src/modules/providers/seamless.batcher.ts).
-- Many concurrent provider calls (bets, wins, rollbacks) in one statement, so one transaction and one commit,
-- each one handed to koi_provider_wallet_step exactly as koi_provider_wallet_call hands a lone call, so every
-- rule is the single call's rule and every answer is the one the call would get alone, run in this order.
-- p_calls is a JSON array of calls (kind, provider, transaction_uuid, reference_uuid, request_uuid, token_hash,
-- user, round, game_code, amount, close, fingerprint, now); one row comes back per call, r_index its position.
--
-- The caller puts at most one call of a round in a batch, and none of a round another of its batches is
-- running, so calls of one round never share a transaction and keep the order the provider sent them in.
--
-- Deadlocks. Every round's advisory lock is taken first, in (provider, round key) order (koi_provider_wallet_step
-- expects its caller to hold it), and then the calls
-- run in (user, provider, round) order. A call locks only its own player's wallet (the player its user
-- names: a bet's session must be that user's, a win's bet too, a rollback looks the user up) and one house
-- shard, the batch's p_shard, taken with SKIP LOCKED. So two batches, on one server process or several, lock
-- rounds in one order and wallets in one order and cannot wait on each other in a cycle through them. What is
-- left (two calls with one transaction_uuid in different rounds, every house shard busy) is caught below.
--
-- Failures. A call that raises (an unexpected ledger error, a unique-index race, a deadlock PostgreSQL broke
-- by failing it) fails the whole batch, which then writes nothing, and the service runs every call of it again
-- on its own (seamless.batcher.ts), so each answer is exactly the lone call's, as the wallet's own transfer
-- batcher does. No call runs in a subtransaction (BEGIN ... EXCEPTION) that would undo only the failing call:
-- that would cost every call of every batch a subtransaction and its own transaction id, for a failure the
-- tests and bench:games never saw happen, so the rare failure pays instead. A crash leaves
-- nothing half done: the batch is one transaction.
CREATE OR REPLACE FUNCTION koi_provider_wallet_call_batch(
  p_calls jsonb, p_currency text, p_house text, p_shards integer, p_shard integer, p_transfer_codes smallint[],
  p_amount_max bigint, p_max_win_multiplier integer, p_max_win_per_round bigint)
RETURNS TABLE (r_index integer, r_status text, r_balance bigint, r_player_id bigint, r_moved boolean,
  r_alert_kind smallint)
LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  s record;
BEGIN
  -- Every round's lock in one statement, in key order (the sorted subquery feeds the locking projection row by
  -- row, so the locks are taken in that order). A loop of one PERFORM per round would cost a statement, and
  -- its executor start, per call.
  PERFORM pg_advisory_xact_lock(k.provider, k.round_key)
    FROM (SELECT DISTINCT (x.value->>'provider')::integer AS provider, hashtext(x.value->>'round') AS round_key
            FROM jsonb_array_elements(p_calls) x ORDER BY 1, 2) k;

  FOR c, r_index IN SELECT x.value, (x.n - 1)::integer FROM jsonb_array_elements(p_calls) WITH ORDINALITY x(value, n)
      ORDER BY x.value->>'user' COLLATE "C", (x.value->>'provider')::integer, x.value->>'round' COLLATE "C", x.n LOOP
    s := koi_provider_wallet_step((c->>'kind')::smallint, (c->>'provider')::integer,
      c->>'transaction_uuid', c->>'reference_uuid', c->>'request_uuid', c->>'token_hash', c->>'user',
      c->>'round', c->>'game_code', (c->>'amount')::bigint, (c->>'close')::boolean, c->>'fingerprint',
      (c->>'now')::timestamptz, p_currency, p_house, p_shards, p_transfer_codes, p_amount_max,
      p_max_win_multiplier, p_max_win_per_round, p_shard);
    r_status := s.r_status;
    r_balance := s.r_balance;
    r_player_id := s.r_player_id;
    r_moved := s.r_moved;
    r_alert_kind := s.r_alert_kind;
    RETURN NEXT;
  END LOOP;
END
$$;
