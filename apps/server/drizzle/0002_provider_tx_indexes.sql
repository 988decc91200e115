-- provider_transactions loses its index by player and time: no query reads by it (players' game history is read
-- from bet_rounds), and every seamless wallet call paid a b-tree insert into it. Its index by named transaction
-- keeps only rollbacks, the one kind the wallet looks a reference up for, so bets and wins no longer write into
-- it. IF EXISTS / IF NOT EXISTS: a database the pre-baseline migrations completed applies this again.
DROP INDEX IF EXISTS "provider_tx_player_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "provider_tx_reference_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "provider_tx_reference_idx" ON "provider_transactions" USING btree ("reference_transaction_uuid","provider_id") WHERE "provider_transactions"."kind" = 3;
