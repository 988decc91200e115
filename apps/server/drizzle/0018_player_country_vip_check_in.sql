-- The country a player signed up from (src/modules/auth/auth.schema.ts), read by promotions' audiences by
-- country. Players who signed up before it was kept get the country of their first session that had an
-- assigned one (sessions.country comes from the same geo header); the rest stay unknown.
-- And the VIP daily check-in's reward per level (src/modules/vip/vip.schema.ts, reward type 3).
-- IF NOT EXISTS, DROP CONSTRAINT IF EXISTS before ADD and "where register_country is null": applying this
-- twice changes nothing.
ALTER TABLE "players" ADD COLUMN IF NOT EXISTS "register_country" text;--> statement-breakpoint
UPDATE "players" p SET "register_country" = (
  SELECT s."country" FROM "sessions" s
  WHERE s."player_id" = p."id" AND s."country" ~ '^[A-Z]{2}$' AND s."country" <> 'XX'
  ORDER BY s."id" LIMIT 1
) WHERE p."register_country" IS NULL;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD COLUMN IF NOT EXISTS "check_in_reward_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_levels" DROP CONSTRAINT IF EXISTS "vip_levels_check_in_ck";--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_check_in_ck" CHECK ("vip_levels"."check_in_reward_micro" >= 0);
