-- The valid-bet feed (src/modules/bets/valid-bets.ts). IF NOT EXISTS throughout: a database the pre-baseline
-- migrations completed applies this again.
CREATE TABLE IF NOT EXISTS "valid_bets_daily" (
	"player_id" bigint NOT NULL,
	"day" date NOT NULL,
	"game_type_id" smallint NOT NULL,
	"provider_id" smallint NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"stake_micro" bigint DEFAULT 0 NOT NULL,
	"payout_micro" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "valid_bets_daily_player_id_day_game_type_id_provider_id_pk" PRIMARY KEY("player_id","day","game_type_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "bet_rounds" ADD COLUMN IF NOT EXISTS "valid" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_rounds" ADD COLUMN IF NOT EXISTS "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "valid_bets_daily_day_idx" ON "valid_bets_daily" USING btree ("day","player_id");--> statement-breakpoint
-- Rounds closed before the feed existed: they settled when they last closed, and every one of them counts
-- (the near-certain rule applies to originals bet from now on).
UPDATE "bet_rounds" SET "settled_at" = "closed_at" WHERE "status" = 2 AND "settled_at" IS NULL;--> statement-breakpoint
INSERT INTO "valid_bets_daily" ("player_id", "day", "game_type_id", "provider_id", "bet_count", "stake_micro", "payout_micro")
SELECT "player_id", (("settled_at" AT TIME ZONE 'UTC') + interval '8 hours')::date, "game_type_id", "provider_id",
  count(*), sum("stake_micro"), sum("payout_micro")
FROM "bet_rounds" WHERE "status" = 2 AND "valid"
GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
