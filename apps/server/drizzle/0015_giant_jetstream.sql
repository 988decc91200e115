ALTER TABLE "players" ADD COLUMN "reality_check_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "country" text;