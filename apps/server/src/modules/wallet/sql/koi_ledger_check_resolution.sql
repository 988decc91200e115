-- The ledger's history is append-only: transfers are never updated except a pending transfer's single
-- resolution, and nothing is ever deleted. This trigger function lets through exactly one kind of
-- update of a transfer: pending (2) to posted (3) or voided (4) with resolved_at set and every other column
-- unchanged (what koi_ledger_resolve does); anything else is refused with SQLSTATE KW011.
CREATE OR REPLACE FUNCTION koi_ledger_check_resolution() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state = 2 AND NEW.state IN (3, 4) AND NEW.resolved_at IS NOT NULL
     AND NEW.id = OLD.id AND NEW.idempotency_key = OLD.idempotency_key
     AND NEW.debit_account_id = OLD.debit_account_id AND NEW.credit_account_id = OLD.credit_account_id
     AND NEW.amount_micro = OLD.amount_micro AND NEW.currency = OLD.currency AND NEW.code = OLD.code
     AND NEW.reference_type = OLD.reference_type AND NEW.reference_id = OLD.reference_id
     AND NEW.timeout_at IS NOT DISTINCT FROM OLD.timeout_at AND NEW.metadata IS NOT DISTINCT FROM OLD.metadata
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'KW011',
    MESSAGE = 'ledger history is append-only: only a pending transfer''s single resolution may change it';
END
$$;
