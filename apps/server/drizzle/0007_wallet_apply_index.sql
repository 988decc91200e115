-- Replaces koi_ledger_apply from 0002 (same signature). Its UPDATE selected the row through
-- "CASE WHEN p_player IS NULL THEN id = ... ELSE player_id = ... END", which no index can serve, so every
-- transfer scanned the whole accounts table. Now each case is its own UPDATE on its own unique index, and a
-- system shard is picked by trying the preferred shard first (one index probe) before scanning for a free one.
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION koi_ledger_apply(
  p_side_debit boolean, p_player bigint, p_system text, p_currency text, p_shard integer,
  p_amount bigint, p_pending boolean, OUT r_account_id bigint, OUT r_available bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_target bigint;
BEGIN
  IF p_player IS NULL THEN
    v_target := koi_ledger_pick_shard(p_system, p_currency, p_shard);
  ELSE
    -- Player wallets are found by (player_id, currency); one index probe, no lock yet.
    SELECT a.id INTO v_target FROM ledger_accounts a WHERE a.player_id = p_player AND a.currency = p_currency;
    IF v_target IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'KW006', MESSAGE = 'ACCOUNT_NOT_FOUND';
    END IF;
  END IF;
  -- The limit check and the write are one conditional UPDATE by primary key.
  IF p_side_debit THEN
    UPDATE ledger_accounts a SET
      debits_posted_micro = a.debits_posted_micro + CASE WHEN p_pending THEN 0 ELSE p_amount END,
      debits_pending_micro = a.debits_pending_micro + CASE WHEN p_pending THEN p_amount ELSE 0 END,
      version = a.version + 1
    WHERE a.id = v_target
      AND (a.flags & 1 = 0
           OR a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro >= p_amount)
    RETURNING a.id, a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro
      INTO r_account_id, r_available;
  ELSE
    UPDATE ledger_accounts a SET
      credits_posted_micro = a.credits_posted_micro + CASE WHEN p_pending THEN 0 ELSE p_amount END,
      credits_pending_micro = a.credits_pending_micro + CASE WHEN p_pending THEN p_amount ELSE 0 END,
      version = a.version + 1
    WHERE a.id = v_target
      AND (a.flags & 2 = 0
           OR a.debits_posted_micro - a.credits_posted_micro - a.credits_pending_micro >= p_amount)
    RETURNING a.id, a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro
      INTO r_account_id, r_available;
  END IF;
END
$$;
