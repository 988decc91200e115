-- The country a player signed up from (src/modules/auth/auth.schema.ts), read by promotions' audiences by
-- country. Players who signed up before it was kept get the country of their first session that had an
-- assigned one (sessions.country comes from the same geo header); the rest stay unknown. IF NOT EXISTS and
-- "where register_country is null": applying this twice changes nothing.
ALTER TABLE "players" ADD COLUMN IF NOT EXISTS "register_country" text;--> statement-breakpoint
UPDATE "players" p SET "register_country" = (
  SELECT s."country" FROM "sessions" s
  WHERE s."player_id" = p."id" AND s."country" ~ '^[A-Z]{2}$' AND s."country" <> 'XX'
  ORDER BY s."id" LIMIT 1
) WHERE p."register_country" IS NULL;
