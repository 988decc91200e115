-- The operator audit log is append-only: a row, once written, is never changed or removed. This
-- trigger function refuses whatever it guards (UPDATE, DELETE or TRUNCATE of operator_audit), whoever sends
-- it, with SQLSTATE KW061. Someone able to switch triggers off could still rewrite rows; the hash chain
-- (audit:verify) makes that visible.
CREATE OR REPLACE FUNCTION koi_audit_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'KW061',
    MESSAGE = format('the audit log is append-only: %s on %s refused', TG_OP, TG_TABLE_NAME);
END
$$;
