-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts). Errors are raised with SQLSTATE
-- class KW and the error key of the catalogue in @koi/contract as the message; wallet.repository.ts turns them
-- into AppError. Output columns are prefixed r_ so they never shadow table columns inside the body.
--
-- Posts or voids many pending transfers in one call (the service's resolvesIn), in the order given: each
-- element {index, key, post} is handed to koi_ledger_resolve unchanged, so every rule is the single-resolution
-- rule, its idempotency included (an element already resolved the same way answers its recorded result with
-- r_created false). A refusal raises and so aborts the whole call, and the caller's transaction with it: all or
-- none.
CREATE OR REPLACE FUNCTION koi_ledger_resolve_batch(p_resolutions jsonb, p_now timestamptz)
RETURNS TABLE (r_index integer, r_transfer_id bigint, r_created boolean, r_state smallint, r_code smallint,
  r_amount_micro bigint, r_debit_account_id bigint, r_credit_account_id bigint, r_created_at timestamptz,
  r_debit_balance_after bigint, r_credit_balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  e jsonb;
BEGIN
  FOR e IN SELECT value FROM jsonb_array_elements(p_resolutions) ORDER BY (value->>'index')::integer LOOP
    RETURN QUERY SELECT (e->>'index')::integer, t.*
      FROM koi_ledger_resolve(e->>'key', (e->>'post')::boolean, p_now) t;
  END LOOP;
END
$$;
