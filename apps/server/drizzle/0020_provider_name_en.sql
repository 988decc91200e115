-- A provider's English name (src/modules/games): null shows its Chinese name in English mode too. The demo
-- catalogue fills it in (catalogue.seed.ts). IF NOT EXISTS: applying this twice changes nothing.
ALTER TABLE "game_providers" ADD COLUMN IF NOT EXISTS "name_en" text;
