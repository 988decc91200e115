-- Wallet ledger write functions (issue 4). Each transfer, hold, post or void is one call of one function:
-- one round trip and one short transaction, which is what keeps row locks brief (see the design note in
-- src/modules/wallet/wallet.service.ts). Errors are raised with SQLSTATE class KW and the error key of the
-- catalogue in @koi/contract as the message; the repository turns them into AppError.
--
-- Output columns are prefixed r_ so they never shadow table columns inside the PL/pgSQL bodies.

-- Finds the transfer with this key. Returns nothing when there is none; raises IDEMPOTENCY_CONFLICT when it
-- exists with a different payload; otherwise returns it as first recorded (balances after from its entries).
CREATE OR REPLACE FUNCTION koi_ledger_find_transfer(
  p_key text, p_debit_player bigint, p_debit_system text, p_credit_player bigint, p_credit_system text,
  p_amount bigint, p_code smallint, p_pending boolean, p_reference_type text, p_reference_id text,
  p_currency text)
RETURNS TABLE (r_transfer_id bigint, r_created boolean, r_state smallint, r_code smallint,
  r_amount_micro bigint, r_debit_account_id bigint, r_credit_account_id bigint, r_created_at timestamptz,
  r_debit_balance_after bigint, r_credit_balance_after bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  t ledger_transfers%ROWTYPE;
  da ledger_accounts%ROWTYPE;
  ca ledger_accounts%ROWTYPE;
BEGIN
  SELECT * INTO t FROM ledger_transfers WHERE idempotency_key = p_key;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT * INTO da FROM ledger_accounts WHERE id = t.debit_account_id;
  SELECT * INTO ca FROM ledger_accounts WHERE id = t.credit_account_id;
  -- System accounts are compared by name, not shard: a retry may be served by another shard.
  IF t.amount_micro <> p_amount OR t.code <> p_code OR (t.state <> 1) <> p_pending
     OR t.currency <> p_currency OR t.reference_type <> p_reference_type OR t.reference_id <> p_reference_id
     OR da.player_id IS DISTINCT FROM p_debit_player OR da.system_code IS DISTINCT FROM p_debit_system
     OR ca.player_id IS DISTINCT FROM p_credit_player OR ca.system_code IS DISTINCT FROM p_credit_system THEN
    RAISE EXCEPTION USING ERRCODE = 'KW003', MESSAGE = 'IDEMPOTENCY_CONFLICT';
  END IF;
  RETURN QUERY SELECT t.id, false, t.state, t.code, t.amount_micro, t.debit_account_id, t.credit_account_id,
    t.created_at,
    (SELECT e.balance_after_micro FROM ledger_entries e
      WHERE e.transfer_id = t.id AND e.account_id = t.debit_account_id AND e.phase IN (1, 2)),
    (SELECT e.balance_after_micro FROM ledger_entries e
      WHERE e.transfer_id = t.id AND e.account_id = t.credit_account_id AND e.phase IN (1, 2));
END
$$;
--> statement-breakpoint
-- Picks and locks one shard of a system account. SKIP LOCKED takes the preferred shard or the next free
-- one, so concurrent transfers spread over the shards instead of queueing behind one row; only when every
-- shard is busy does it wait, on the preferred one. FOR NO KEY UPDATE does not conflict with the KEY SHARE
-- locks that foreign-key checks of concurrent inserts take on the same row.
CREATE OR REPLACE FUNCTION koi_ledger_pick_shard(p_system text, p_currency text, p_shard integer)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts
    WHERE system_code = p_system AND currency = p_currency
    ORDER BY (shard < p_shard), shard
    LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
  IF v_id IS NULL THEN
    SELECT id INTO v_id FROM ledger_accounts
      WHERE system_code = p_system AND currency = p_currency
      ORDER BY (shard < p_shard), shard
      LIMIT 1;
  END IF;
  IF v_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'KW006', MESSAGE = 'ACCOUNT_NOT_FOUND';
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- Applies one side of a new transfer to one account and returns (account id, available balance after).
-- The limit check and the write are one conditional UPDATE, so two concurrent debits can never both pass
-- the check: the second waits for the first's row lock and re-evaluates the condition on the new row.
-- Returns a null id when a balance limit refuses the amount.
CREATE OR REPLACE FUNCTION koi_ledger_apply(
  p_side_debit boolean, p_player bigint, p_system text, p_currency text, p_shard integer,
  p_amount bigint, p_pending boolean, OUT r_account_id bigint, OUT r_available bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_target bigint;
BEGIN
  IF p_player IS NULL THEN
    v_target := koi_ledger_pick_shard(p_system, p_currency, p_shard);
  END IF;
  IF p_side_debit THEN
    UPDATE ledger_accounts a SET
      debits_posted_micro = a.debits_posted_micro + CASE WHEN p_pending THEN 0 ELSE p_amount END,
      debits_pending_micro = a.debits_pending_micro + CASE WHEN p_pending THEN p_amount ELSE 0 END,
      version = a.version + 1
    WHERE (CASE WHEN p_player IS NULL THEN a.id = v_target ELSE a.player_id = p_player AND a.currency = p_currency END)
      AND (a.flags & 1 = 0
           OR a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro >= p_amount)
    RETURNING a.id, a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro
      INTO r_account_id, r_available;
  ELSE
    UPDATE ledger_accounts a SET
      credits_posted_micro = a.credits_posted_micro + CASE WHEN p_pending THEN 0 ELSE p_amount END,
      credits_pending_micro = a.credits_pending_micro + CASE WHEN p_pending THEN p_amount ELSE 0 END,
      version = a.version + 1
    WHERE (CASE WHEN p_player IS NULL THEN a.id = v_target ELSE a.player_id = p_player AND a.currency = p_currency END)
      AND (a.flags & 2 = 0
           OR a.debits_posted_micro - a.credits_posted_micro - a.credits_pending_micro >= p_amount)
    RETURNING a.id, a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro
      INTO r_account_id, r_available;
  END IF;
  IF r_account_id IS NULL AND p_player IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE player_id = p_player AND currency = p_currency) THEN
    RAISE EXCEPTION USING ERRCODE = 'KW006', MESSAGE = 'ACCOUNT_NOT_FOUND';
  END IF;
END
$$;
--> statement-breakpoint
-- Creates one transfer (posted, or pending when p_pending), or returns the existing one for a retried key.
-- Each side is a player wallet (p_*_player) or a system account by name (p_*_system). Player wallets are
-- locked before system shards, and two player wallets in id order, so single transfers never deadlock.
CREATE OR REPLACE FUNCTION koi_ledger_transfer(
  p_key text, p_debit_player bigint, p_debit_system text, p_credit_player bigint, p_credit_system text,
  p_amount bigint, p_code smallint, p_pending boolean, p_timeout_at timestamptz, p_reference_type text,
  p_reference_id text, p_metadata jsonb, p_currency text, p_shard integer, p_now timestamptz)
RETURNS TABLE (r_transfer_id bigint, r_created boolean, r_state smallint, r_code smallint,
  r_amount_micro bigint, r_debit_account_id bigint, r_credit_account_id bigint, r_created_at timestamptz,
  r_debit_balance_after bigint, r_credit_balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_debit record;
  v_credit record;
  v_debit_first boolean;
  v_transfer_id bigint;
  v_state smallint := CASE WHEN p_pending THEN 2 ELSE 1 END;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'KW001', MESSAGE = 'AMOUNT_INVALID';
  END IF;
  IF (p_debit_player IS NULL) = (p_debit_system IS NULL) OR (p_credit_player IS NULL) = (p_credit_system IS NULL)
     OR p_debit_player = p_credit_player OR p_debit_system = p_credit_system THEN
    RAISE EXCEPTION USING ERRCODE = 'KW006', MESSAGE = 'ACCOUNT_NOT_FOUND';
  END IF;

  -- A retry of a recorded transfer answers from the record and touches no balance.
  RETURN QUERY SELECT * FROM koi_ledger_find_transfer(p_key, p_debit_player, p_debit_system, p_credit_player,
    p_credit_system, p_amount, p_code, p_pending, p_reference_type, p_reference_id, p_currency);
  IF FOUND THEN
    RETURN;
  END IF;

  v_debit_first := p_credit_player IS NULL OR (p_debit_player IS NOT NULL AND p_debit_player < p_credit_player);
  IF v_debit_first THEN
    v_debit := koi_ledger_apply(true, p_debit_player, p_debit_system, p_currency, p_shard, p_amount, p_pending);
    IF v_debit.r_account_id IS NOT NULL THEN
      v_credit := koi_ledger_apply(false, p_credit_player, p_credit_system, p_currency, p_shard, p_amount, p_pending);
    END IF;
  ELSE
    v_credit := koi_ledger_apply(false, p_credit_player, p_credit_system, p_currency, p_shard, p_amount, p_pending);
    IF v_credit.r_account_id IS NOT NULL THEN
      v_debit := koi_ledger_apply(true, p_debit_player, p_debit_system, p_currency, p_shard, p_amount, p_pending);
    END IF;
  END IF;

  IF v_debit.r_account_id IS NULL OR v_credit.r_account_id IS NULL THEN
    -- A concurrent request with the same key may have committed while this one waited for the row lock
    -- (and spent the money): then this is a retry and gets the first result, not a refusal.
    RETURN QUERY SELECT * FROM koi_ledger_find_transfer(p_key, p_debit_player, p_debit_system, p_credit_player,
      p_credit_system, p_amount, p_code, p_pending, p_reference_type, p_reference_id, p_currency);
    IF FOUND THEN
      RETURN;
    END IF;
    IF v_debit.r_account_id IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'KW002', MESSAGE = 'INSUFFICIENT_BALANCE';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'KW010', MESSAGE = 'ACCOUNT_LIMIT_EXCEEDED';
  END IF;

  INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_micro, currency,
    code, state, reference_type, reference_id, timeout_at, metadata, created_at)
  VALUES (p_key, v_debit.r_account_id, v_credit.r_account_id, p_amount, p_currency, p_code, v_state,
    p_reference_type, p_reference_id, p_timeout_at, p_metadata, p_now)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_transfer_id;
  IF v_transfer_id IS NULL THEN
    -- The same key committed concurrently after both balance updates here succeeded; abort this attempt
    -- (undoing them) so the caller retries and receives the recorded transfer.
    RAISE EXCEPTION USING ERRCODE = 'KW009', MESSAGE = 'IDEMPOTENCY_RACE';
  END IF;

  INSERT INTO ledger_entries (transfer_id, account_id, phase, code, posted_delta_micro, pending_delta_micro,
    amount_micro, balance_after_micro, created_at)
  VALUES
    (v_transfer_id, v_debit.r_account_id, CASE WHEN p_pending THEN 2 ELSE 1 END, p_code,
     CASE WHEN p_pending THEN 0 ELSE -p_amount END, CASE WHEN p_pending THEN -p_amount ELSE 0 END,
     -p_amount, v_debit.r_available, p_now),
    (v_transfer_id, v_credit.r_account_id, CASE WHEN p_pending THEN 2 ELSE 1 END, p_code,
     CASE WHEN p_pending THEN 0 ELSE p_amount END, CASE WHEN p_pending THEN p_amount ELSE 0 END,
     CASE WHEN p_pending THEN 0 ELSE p_amount END, v_credit.r_available, p_now);

  RETURN QUERY SELECT v_transfer_id, true, v_state, p_code, p_amount, v_debit.r_account_id,
    v_credit.r_account_id, p_now, v_debit.r_available, v_credit.r_available;
END
$$;
--> statement-breakpoint
-- Posts (p_post) or voids a pending transfer, once. The conditional UPDATE of the transfer's state is the
-- claim: of two concurrent resolutions exactly one changes the row; the other sees it resolved. Repeating
-- the same resolution returns the recorded result; the opposite one is refused.
CREATE OR REPLACE FUNCTION koi_ledger_resolve(p_key text, p_post boolean, p_now timestamptz)
RETURNS TABLE (r_transfer_id bigint, r_created boolean, r_state smallint, r_code smallint,
  r_amount_micro bigint, r_debit_account_id bigint, r_credit_account_id bigint, r_created_at timestamptz,
  r_debit_balance_after bigint, r_credit_balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  t ledger_transfers%ROWTYPE;
  v_target smallint := CASE WHEN p_post THEN 3 ELSE 4 END;
  v_phase smallint := CASE WHEN p_post THEN 3 ELSE 4 END;
  v_amount bigint;
  v_debit_after bigint;
  v_credit_after bigint;
BEGIN
  UPDATE ledger_transfers tr SET state = v_target, resolved_at = p_now
    WHERE tr.idempotency_key = p_key AND tr.state = 2
    RETURNING tr.* INTO t;
  IF NOT FOUND THEN
    SELECT * INTO t FROM ledger_transfers WHERE idempotency_key = p_key;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KW004', MESSAGE = 'TRANSFER_NOT_FOUND';
    END IF;
    IF t.state = 1 THEN
      RAISE EXCEPTION USING ERRCODE = 'KW008', MESSAGE = 'TRANSFER_NOT_PENDING';
    END IF;
    IF t.state <> v_target THEN
      RAISE EXCEPTION USING ERRCODE = 'KW005', MESSAGE = 'TRANSFER_ALREADY_RESOLVED';
    END IF;
    RETURN QUERY SELECT t.id, false, t.state, t.code, t.amount_micro, t.debit_account_id, t.credit_account_id,
      t.created_at,
      (SELECT e.balance_after_micro FROM ledger_entries e
        WHERE e.transfer_id = t.id AND e.account_id = t.debit_account_id AND e.phase = v_phase),
      (SELECT e.balance_after_micro FROM ledger_entries e
        WHERE e.transfer_id = t.id AND e.account_id = t.credit_account_id AND e.phase = v_phase);
    RETURN;
  END IF;

  v_amount := t.amount_micro;
  -- Both rows in one statement, in index (id) order, so concurrent resolutions lock them in the same order.
  UPDATE ledger_accounts a SET
    debits_pending_micro = a.debits_pending_micro - CASE WHEN a.id = t.debit_account_id THEN v_amount ELSE 0 END,
    debits_posted_micro = a.debits_posted_micro
      + CASE WHEN a.id = t.debit_account_id AND p_post THEN v_amount ELSE 0 END,
    credits_pending_micro = a.credits_pending_micro - CASE WHEN a.id = t.credit_account_id THEN v_amount ELSE 0 END,
    credits_posted_micro = a.credits_posted_micro
      + CASE WHEN a.id = t.credit_account_id AND p_post THEN v_amount ELSE 0 END,
    version = a.version + 1
  WHERE a.id IN (t.debit_account_id, t.credit_account_id);

  SELECT a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro INTO v_debit_after
    FROM ledger_accounts a WHERE a.id = t.debit_account_id;
  SELECT a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro INTO v_credit_after
    FROM ledger_accounts a WHERE a.id = t.credit_account_id;

  INSERT INTO ledger_entries (transfer_id, account_id, phase, code, posted_delta_micro, pending_delta_micro,
    amount_micro, balance_after_micro, created_at)
  VALUES
    (t.id, t.debit_account_id, v_phase, t.code, CASE WHEN p_post THEN -v_amount ELSE 0 END, v_amount,
     CASE WHEN p_post THEN 0 ELSE v_amount END, v_debit_after, p_now),
    (t.id, t.credit_account_id, v_phase, t.code, CASE WHEN p_post THEN v_amount ELSE 0 END, -v_amount,
     CASE WHEN p_post THEN v_amount ELSE 0 END, v_credit_after, p_now);

  RETURN QUERY SELECT t.id, true, v_target, t.code, v_amount, t.debit_account_id, t.credit_account_id,
    t.created_at, v_debit_after, v_credit_after;
END
$$;
