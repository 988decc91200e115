-- The ledger's history is append-only: transfers are never updated except a pending transfer's single
-- resolution, and nothing is ever deleted. Row triggers on UPDATE and DELETE cost nothing on the
-- INSERT-only hot path.
--
-- Entries are written once and never updated or deleted.
CREATE OR REPLACE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION koi_ledger_refuse_change();
