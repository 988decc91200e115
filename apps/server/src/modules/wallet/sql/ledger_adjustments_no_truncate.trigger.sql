-- The ledger's history is append-only: transfers are never updated except a pending transfer's single
-- resolution, and nothing is ever deleted. Row triggers on UPDATE and DELETE cost nothing on the
-- INSERT-only hot path.
--
-- TRUNCATE bypasses row triggers, so it is refused by a statement trigger.
CREATE OR REPLACE TRIGGER ledger_adjustments_no_truncate BEFORE TRUNCATE ON ledger_adjustments
  FOR EACH STATEMENT EXECUTE FUNCTION koi_ledger_refuse_change();
