-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts): a player's spendable balance
-- in a currency, posted credits minus posted and pending debits, for other modules' SQL (the providers'
-- seamless wallet answers every call with it). No row when the player has no wallet in that currency.
--
-- One SELECT in a STABLE SQL function returning a table, so PostgreSQL inlines it into the statement that
-- calls it (one probe of the account's unique index, as if the caller had written it): asking the owner costs
-- no call of its own.
CREATE OR REPLACE FUNCTION koi_ledger_available(p_player bigint, p_currency text)
RETURNS TABLE (r_available bigint)
LANGUAGE sql STABLE AS $$
  SELECT a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro
    FROM ledger_accounts a WHERE a.player_id = p_player AND a.currency = p_currency
$$;
