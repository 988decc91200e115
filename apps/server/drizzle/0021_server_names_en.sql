-- English names of what the server names for players (src/lib/local-name.ts): a promotion's title and summary,
-- a red-packet room's name. Null shows the Chinese one in English mode too; the demo seeds fill them in where
-- null (promotions.seed.ts, redpackets.seed.ts). VIP levels have no name column (the app names them VIP n).
-- IF NOT EXISTS: applying this twice changes nothing.
ALTER TABLE "red_packet_rooms" ADD COLUMN IF NOT EXISTS "name_en" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN IF NOT EXISTS "title_en" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN IF NOT EXISTS "summary_en" text;
