-- The ledger's history is append-only (issue 4): transfers are never updated except a pending transfer's
-- single resolution, and nothing is ever deleted. These triggers make the database refuse anything else,
-- whoever sends it. Row triggers on UPDATE and DELETE cost nothing on the INSERT-only hot path.
CREATE OR REPLACE FUNCTION koi_ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'KW011',
    MESSAGE = format('ledger history is append-only: %s on %s refused', TG_OP, TG_TABLE_NAME);
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_resolution_only BEFORE UPDATE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION koi_ledger_check_resolution();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_delete BEFORE DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION koi_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION koi_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION koi_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION koi_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_adjustments_no_change BEFORE UPDATE OR DELETE ON ledger_adjustments
  FOR EACH ROW EXECUTE FUNCTION koi_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_adjustments_no_truncate BEFORE TRUNCATE ON ledger_adjustments
  FOR EACH STATEMENT EXECUTE FUNCTION koi_ledger_refuse_change();
