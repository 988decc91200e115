-- The community's posts, likes, comments, reports, notifications, bans and settings, and the /buy list
-- (src/modules/community). IF NOT EXISTS throughout, and each constraint dropped before it is added: a
-- database the pre-baseline migrations completed applies this again.
CREATE TABLE IF NOT EXISTS "buy_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buy_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "community_bans" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"banned_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "community_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"post_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"parent_id" bigint,
	"reply_to_player_id" bigint,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "community_likes" (
	"post_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_likes_post_id_player_id_pk" PRIMARY KEY("post_id","player_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "community_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"actor_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"post_id" bigint NOT NULL,
	"comment_id" bigint,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "community_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint,
	"content" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "community_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"post_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "community_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"review_required" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_bans" DROP CONSTRAINT IF EXISTS "community_bans_player_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "community_bans" ADD CONSTRAINT "community_bans_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_comments" DROP CONSTRAINT IF EXISTS "community_comments_post_id_community_posts_id_fk";--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_comments" DROP CONSTRAINT IF EXISTS "community_comments_player_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_likes" DROP CONSTRAINT IF EXISTS "community_likes_post_id_community_posts_id_fk";--> statement-breakpoint
ALTER TABLE "community_likes" ADD CONSTRAINT "community_likes_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_likes" DROP CONSTRAINT IF EXISTS "community_likes_player_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "community_likes" ADD CONSTRAINT "community_likes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_notifications" DROP CONSTRAINT IF EXISTS "community_notifications_player_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "community_notifications" ADD CONSTRAINT "community_notifications_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_notifications" DROP CONSTRAINT IF EXISTS "community_notifications_actor_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "community_notifications" ADD CONSTRAINT "community_notifications_actor_id_players_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_notifications" DROP CONSTRAINT IF EXISTS "community_notifications_post_id_community_posts_id_fk";--> statement-breakpoint
ALTER TABLE "community_notifications" ADD CONSTRAINT "community_notifications_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" DROP CONSTRAINT IF EXISTS "community_posts_player_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" DROP CONSTRAINT IF EXISTS "community_reports_post_id_community_posts_id_fk";--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" DROP CONSTRAINT IF EXISTS "community_reports_player_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "community_comments_post_idx" ON "community_comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "community_notifications_player_idx" ON "community_notifications" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "community_notifications_like_uq" ON "community_notifications" USING btree ("player_id","actor_id","post_id") WHERE kind = 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "community_posts_status_idx" ON "community_posts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "community_posts_player_idx" ON "community_posts" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "community_reports_post_player_uq" ON "community_reports" USING btree ("post_id","player_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "community_reports_status_idx" ON "community_reports" USING btree ("status","created_at");