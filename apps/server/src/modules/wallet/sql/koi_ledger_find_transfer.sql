-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts). Errors are raised with SQLSTATE
-- class KW and the error key of the catalogue in @koi/contract as the message; wallet.repository.ts turns them
-- into AppError. Output columns are prefixed r_ so they never shadow table columns inside the body.
--
-- Finds the transfer with this key. Returns nothing when there is none; raises IDEMPOTENCY_CONFLICT when it
-- exists with a different payload; otherwise returns it as first recorded (balances after from its entries).
-- STABLE: it only reads, so a retry answered from the record takes no lock.
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
