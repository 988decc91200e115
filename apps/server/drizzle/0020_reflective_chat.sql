ALTER TABLE "bet_rounds" ADD COLUMN "seed_id" bigint;--> statement-breakpoint
ALTER TABLE "bet_rounds" ADD COLUMN "nonce" integer;--> statement-breakpoint
-- Originals' rounds (provider 15, Koi) recorded before these columns carry their seed pair and nonce only in
-- the round id, written as `<seed id>:<nonce>`; the records module now joins the bet by the columns.
UPDATE "bet_rounds" SET "seed_id" = split_part("round_id", ':', 1)::bigint, "nonce" = split_part("round_id", ':', 2)::integer
WHERE "provider_id" = 15 AND "round_id" ~ '^[0-9]{1,18}:[0-9]{1,9}$';--> statement-breakpoint
-- The wallet no longer opens missing player wallets at every start (that read the auth module's players):
-- every registration opens one in its own transaction, and this opens, once, any a player registered before
-- the ledger existed still lacks (kind 1 = player, flags 1 = debits must not exceed credits, as the service).
INSERT INTO "ledger_accounts" ("kind", "player_id", "currency", "flags")
SELECT 1, p."id", 'USDT', 1 FROM "players" p
WHERE NOT EXISTS (SELECT 1 FROM "ledger_accounts" a WHERE a."player_id" = p."id" AND a."currency" = 'USDT')
ON CONFLICT ("player_id", "currency") WHERE "player_id" IS NOT NULL DO NOTHING;
