-- The ledger's history is append-only: transfers are never updated except a pending transfer's single
-- resolution, and nothing is ever deleted. Row triggers on UPDATE and DELETE cost nothing on the
-- INSERT-only hot path.
--
-- Transfers are never deleted.
CREATE OR REPLACE TRIGGER ledger_transfers_no_delete BEFORE DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION koi_ledger_refuse_change();
