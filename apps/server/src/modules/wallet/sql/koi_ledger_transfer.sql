-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts). Errors are raised with SQLSTATE
-- class KW and the error key of the catalogue in @koi/contract as the message; wallet.repository.ts turns them
-- into AppError. Output columns are prefixed r_ so they never shadow table columns inside the body.
--
-- Creates one transfer (posted, or pending when p_pending), or returns the existing one for a retried key.
-- Each side is a player wallet (p_*_player) or a system account by name (p_*_system). Player wallets are
-- locked before system shards, and two player wallets in id order, so single transfers never deadlock.
--
-- A refusal that wrote nothing (the common "insufficient balance") is answered as a row with r_error set
-- instead of an exception: PostgreSQL logs every error statement, which made a refused bet several times
-- dearer than an accepted one. A refusal after one side was already written still raises, so that the
-- statement's transaction undoes that side. The two sides are read into scalar variables because a record
-- variable that was never assigned (the second side after the first was refused) cannot be read.
CREATE OR REPLACE FUNCTION koi_ledger_transfer(
  p_key text, p_debit_player bigint, p_debit_system text, p_credit_player bigint, p_credit_system text,
  p_amount bigint, p_code smallint, p_pending boolean, p_timeout_at timestamptz, p_reference_type text,
  p_reference_id text, p_metadata jsonb, p_currency text, p_shard integer, p_now timestamptz)
RETURNS TABLE (r_transfer_id bigint, r_created boolean, r_state smallint, r_code smallint,
  r_amount_micro bigint, r_debit_account_id bigint, r_credit_account_id bigint, r_created_at timestamptz,
  r_debit_balance_after bigint, r_credit_balance_after bigint, r_error text)
LANGUAGE plpgsql AS $$
DECLARE
  v_debit_id bigint;
  v_debit_available bigint;
  v_credit_id bigint;
  v_credit_available bigint;
  v_debit_first boolean;
  v_refusal text;
  v_side_written boolean := false;
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
  RETURN QUERY SELECT f.*, null::text FROM koi_ledger_find_transfer(p_key, p_debit_player, p_debit_system,
    p_credit_player, p_credit_system, p_amount, p_code, p_pending, p_reference_type, p_reference_id,
    p_currency) f;
  IF FOUND THEN
    RETURN;
  END IF;

  v_debit_first := p_credit_player IS NULL OR (p_debit_player IS NOT NULL AND p_debit_player < p_credit_player);
  IF v_debit_first THEN
    SELECT * INTO v_debit_id, v_debit_available
      FROM koi_ledger_apply(true, p_debit_player, p_debit_system, p_currency, p_shard, p_amount, p_pending);
    IF v_debit_id IS NULL THEN
      v_refusal := 'INSUFFICIENT_BALANCE';
    ELSE
      SELECT * INTO v_credit_id, v_credit_available
        FROM koi_ledger_apply(false, p_credit_player, p_credit_system, p_currency, p_shard, p_amount, p_pending);
      IF v_credit_id IS NULL THEN
        v_refusal := 'ACCOUNT_LIMIT_EXCEEDED';
        v_side_written := true;
      END IF;
    END IF;
  ELSE
    SELECT * INTO v_credit_id, v_credit_available
      FROM koi_ledger_apply(false, p_credit_player, p_credit_system, p_currency, p_shard, p_amount, p_pending);
    IF v_credit_id IS NULL THEN
      v_refusal := 'ACCOUNT_LIMIT_EXCEEDED';
    ELSE
      SELECT * INTO v_debit_id, v_debit_available
        FROM koi_ledger_apply(true, p_debit_player, p_debit_system, p_currency, p_shard, p_amount, p_pending);
      IF v_debit_id IS NULL THEN
        v_refusal := 'INSUFFICIENT_BALANCE';
        v_side_written := true;
      END IF;
    END IF;
  END IF;

  IF v_refusal IS NOT NULL THEN
    -- A concurrent request with the same key may have committed while this one waited for the row lock
    -- (and spent the money): then this is a retry and gets the first result, not a refusal.
    RETURN QUERY SELECT f.*, null::text FROM koi_ledger_find_transfer(p_key, p_debit_player, p_debit_system,
      p_credit_player, p_credit_system, p_amount, p_code, p_pending, p_reference_type, p_reference_id,
      p_currency) f;
    IF FOUND THEN
      RETURN;
    END IF;
    IF v_side_written THEN
      RAISE EXCEPTION USING ERRCODE = CASE WHEN v_refusal = 'INSUFFICIENT_BALANCE' THEN 'KW002' ELSE 'KW010' END,
        MESSAGE = v_refusal;
    END IF;
    RETURN QUERY SELECT null::bigint, false, null::smallint, p_code, p_amount, null::bigint, null::bigint,
      p_now, null::bigint, null::bigint, v_refusal;
    RETURN;
  END IF;

  INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_micro, currency,
    code, state, reference_type, reference_id, timeout_at, metadata, created_at)
  VALUES (p_key, v_debit_id, v_credit_id, p_amount, p_currency, p_code, v_state,
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
    (v_transfer_id, v_debit_id, CASE WHEN p_pending THEN 2 ELSE 1 END, p_code,
     CASE WHEN p_pending THEN 0 ELSE -p_amount END, CASE WHEN p_pending THEN -p_amount ELSE 0 END,
     -p_amount, v_debit_available, p_now),
    (v_transfer_id, v_credit_id, CASE WHEN p_pending THEN 2 ELSE 1 END, p_code,
     CASE WHEN p_pending THEN 0 ELSE p_amount END, CASE WHEN p_pending THEN p_amount ELSE 0 END,
     CASE WHEN p_pending THEN 0 ELSE p_amount END, v_credit_available, p_now);

  RETURN QUERY SELECT v_transfer_id, true, v_state, p_code, p_amount, v_debit_id,
    v_credit_id, p_now, v_debit_available, v_credit_available, null::text;
END
$$;
