-- Audit rows are written once and never updated or deleted. A row trigger costs nothing on the INSERT path.
CREATE OR REPLACE TRIGGER operator_audit_no_change BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION koi_audit_refuse_change();
