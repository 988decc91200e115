-- koi_provider_wallet_step answers one row as OUT parameters instead of a table, so that its callers
-- evaluate it as an expression, and koi_provider_wallet_call_batch no longer answers r_error (a call that
-- raises now fails its whole batch, which the service runs again call by call; see their files in
-- src/db/functions). CREATE OR REPLACE cannot change a result type, so the old definitions go first and the
-- function files, applied after the migrations, create the new ones.
DROP FUNCTION IF EXISTS koi_provider_wallet_call_batch(jsonb, text, text, integer, integer, smallint[], bigint, integer, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS koi_provider_wallet_step(smallint, integer, text, text, text, text, text, text, text, bigint, boolean, text, timestamptz, text, text, integer, smallint[], bigint, integer, bigint, integer);
