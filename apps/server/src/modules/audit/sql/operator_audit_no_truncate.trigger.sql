-- TRUNCATE bypasses row triggers, so it is refused by a statement trigger.
CREATE OR REPLACE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION koi_audit_refuse_change();
