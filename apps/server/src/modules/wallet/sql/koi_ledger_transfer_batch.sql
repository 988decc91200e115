-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts). Errors are raised with SQLSTATE
-- class KW and the error key of the catalogue in @koi/contract as the message; wallet.repository.ts turns them
-- into AppError. Output columns are prefixed r_ so they never shadow table columns inside the body.
--
-- Group commit (wallet.batcher.ts). Applies many independent transfers in one call and so one transaction
-- and one commit. Each element is handed to koi_ledger_transfer unchanged, so every rule is the
-- single-transfer rule; a refusal that writes nothing (insufficient balance) comes back as that element's
-- r_error and does not disturb its neighbours. Anything that raises (a conflict, a deadlock) aborts the
-- whole call, and the service then submits the elements one by one, so one bad transfer still cannot fail
-- the others.
--
-- The caller orders elements by player and gives them one shard hint, so concurrent batches lock player
-- wallets in the same order and each batch holds one shard per system account.
CREATE OR REPLACE FUNCTION koi_ledger_transfer_batch(p_transfers jsonb)
RETURNS TABLE (r_index integer, r_transfer_id bigint, r_created boolean, r_state smallint, r_code smallint,
  r_amount_micro bigint, r_debit_account_id bigint, r_credit_account_id bigint, r_created_at timestamptz,
  r_debit_balance_after bigint, r_credit_balance_after bigint, r_error text)
LANGUAGE plpgsql AS $$
DECLARE
  e jsonb;
BEGIN
  FOR e IN SELECT value FROM jsonb_array_elements(p_transfers) LOOP
    RETURN QUERY SELECT (e->>'index')::integer, t.*
      FROM koi_ledger_transfer(
        e->>'key', (e->>'debit_player')::bigint, e->>'debit_system', (e->>'credit_player')::bigint,
        e->>'credit_system', (e->>'amount')::bigint, (e->>'code')::smallint, (e->>'pending')::boolean,
        (e->>'timeout_at')::timestamptz, e->>'reference_type', e->>'reference_id', e->'metadata',
        e->>'currency', (e->>'shard')::integer, (e->>'now')::timestamptz) t;
  END LOOP;
END
$$;
