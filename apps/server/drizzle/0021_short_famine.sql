DROP INDEX "provider_tx_uuid_uq";--> statement-breakpoint
DROP INDEX "provider_tx_reference_idx";--> statement-breakpoint
DROP INDEX "provider_tx_round_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "provider_tx_uuid_uq" ON "provider_transactions" USING btree ("transaction_uuid","provider_id");--> statement-breakpoint
CREATE INDEX "provider_tx_reference_idx" ON "provider_transactions" USING btree ("reference_transaction_uuid","provider_id");--> statement-breakpoint
CREATE INDEX "provider_tx_round_idx" ON "provider_transactions" USING btree ("round_id","provider_id");