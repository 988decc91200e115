-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts). Errors are raised with SQLSTATE
-- class KW and the error key of the catalogue in @koi/contract as the message; wallet.repository.ts turns them
-- into AppError. Output columns are prefixed r_ so they never shadow table columns inside the body.
--
-- Applies one side of a new transfer to one account and returns (account id, available balance after), or a
-- null id when a balance limit (flags: 1 = debits must not exceed credits, 2 = the reverse) refuses the
-- amount. The account is found first (player wallet by its unique (player_id, currency) index, system
-- account through koi_ledger_pick_shard), then the limit check and the write are one conditional UPDATE by
-- primary key, so two concurrent debits can never both pass the check: the second waits for the first's row
-- lock and re-evaluates the condition on the new row. (Selecting the row inside the UPDATE through a CASE,
-- as the first version did, could use no index and scanned the accounts table on every transfer.)
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
