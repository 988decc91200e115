-- The ledger's history is append-only: transfers are never updated except a pending transfer's single
-- resolution, and nothing is ever deleted. This trigger function refuses whatever it guards (UPDATE,
-- DELETE or TRUNCATE of ledger history), whoever sends it, with SQLSTATE KW011.
CREATE OR REPLACE FUNCTION koi_ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'KW011',
    MESSAGE = format('ledger history is append-only: %s on %s refused', TG_OP, TG_TABLE_NAME);
END
$$;
