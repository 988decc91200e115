-- koi_provider_wallet_call_batch no longer answers r_error (a call that raises now fails its whole batch, which
-- the service runs again call by call; see src/db/functions/koi_provider_wallet_call_batch.sql). CREATE OR
-- REPLACE cannot change a result type, so the old definition goes first and the function file, applied after
-- the migrations, creates the new one.
DROP FUNCTION IF EXISTS koi_provider_wallet_call_batch(jsonb, text, text, integer, integer, smallint[], bigint, integer, bigint);
