-- Stake caps (src/modules/bets, stake_caps): the largest single stake a player may place, read by the provider
-- wallet's SQL. IF NOT EXISTS throughout; the backfill gives every bonus grant that is open with a largest bet
-- its cap (status 1 is open), and does nothing when run again.
CREATE TABLE IF NOT EXISTS "stake_caps" (
	"player_id" bigint NOT NULL,
	"source" text NOT NULL,
	"cap_micro" bigint NOT NULL,
	CONSTRAINT "stake_caps_player_id_source_pk" PRIMARY KEY("player_id","source")
);
--> statement-breakpoint
INSERT INTO "stake_caps" ("player_id", "source", "cap_micro")
SELECT "player_id", 'grant:' || "id", "max_bet_micro" FROM "bonus_grants"
WHERE "status" = 1 AND "max_bet_micro" IS NOT NULL
ON CONFLICT DO NOTHING;
