-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts). Errors are raised with SQLSTATE
-- class KW and the error key of the catalogue in @koi/contract as the message; wallet.repository.ts turns them
-- into AppError. Output columns are prefixed r_ so they never shadow table columns inside the body.
--
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
