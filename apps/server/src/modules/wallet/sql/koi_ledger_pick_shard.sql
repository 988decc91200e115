-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts). Errors are raised with SQLSTATE
-- class KW and the error key of the catalogue in @koi/contract as the message; wallet.repository.ts turns them
-- into AppError. Output columns are prefixed r_ so they never shadow table columns inside the body.
--
-- Picks and locks one shard of a system account. The preferred shard is tried first (one index probe); if it
-- is locked, SKIP LOCKED takes the next free one, so concurrent transfers spread over the shards instead of
-- queueing behind one row; only when every shard is busy does it wait, on the preferred one. FOR NO KEY
-- UPDATE does not conflict with the KEY SHARE locks that foreign-key checks of concurrent inserts take on the
-- same row.
CREATE OR REPLACE FUNCTION koi_ledger_pick_shard(p_system text, p_currency text, p_shard integer)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts
    WHERE system_code = p_system AND currency = p_currency AND shard = p_shard
    FOR NO KEY UPDATE SKIP LOCKED;
  IF v_id IS NOT NULL THEN
    RETURN v_id;
  END IF;
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
