ALTER TABLE "community_comments" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN IF NOT EXISTS "hidden_by" bigint;--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN IF NOT EXISTS "hidden_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "community_posts_images_idx" ON "community_posts" USING gin ("images");
