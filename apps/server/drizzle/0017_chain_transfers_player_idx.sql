-- A player's credited chain transfers (src/modules/deposits): the TRC20 senders that link accounts into a
-- household (promotions). IF NOT EXISTS: applying this twice changes nothing.
CREATE INDEX IF NOT EXISTS "chain_transfers_player_idx" ON "chain_transfers" USING btree ("player_id");
