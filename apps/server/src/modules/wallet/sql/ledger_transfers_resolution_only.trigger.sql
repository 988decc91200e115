-- The ledger's history is append-only: transfers are never updated except a pending transfer's single
-- resolution, and nothing is ever deleted. Row triggers on UPDATE and DELETE cost nothing on the
-- INSERT-only hot path.
--
-- A transfer row may change only by its single resolution (koi_ledger_check_resolution).
CREATE OR REPLACE TRIGGER ledger_transfers_resolution_only BEFORE UPDATE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION koi_ledger_check_resolution();
