-- VIP levels, rewards, rebates and the masters tournament (src/modules/vip). IF NOT EXISTS throughout: a
-- database the pre-baseline migrations completed applies this again.
CREATE TABLE IF NOT EXISTS "tournament_payouts" (
	"period_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"score_micro" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "tournament_payouts_period_id_rank_pk" PRIMARY KEY("period_id","rank")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tournament_periods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tournament_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"top_n" integer DEFAULT 20 NOT NULL,
	"turnover_centis" integer DEFAULT 100 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "tournament_periods_days_ck" CHECK ("tournament_periods"."end_day" >= "tournament_periods"."start_day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tournament_prizes" (
	"period_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"amount_micro" bigint NOT NULL,
	CONSTRAINT "tournament_prizes_period_id_rank_pk" PRIMARY KEY("period_id","rank"),
	CONSTRAINT "tournament_prizes_ck" CHECK ("tournament_prizes"."rank" >= 1 and "tournament_prizes"."amount_micro" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_category_weights" (
	"game_type_id" smallint PRIMARY KEY NOT NULL,
	"weight_bp" integer NOT NULL,
	CONSTRAINT "vip_category_weights_ck" CHECK ("vip_category_weights"."weight_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_levels" (
	"level" smallint PRIMARY KEY NOT NULL,
	"threshold_micro" bigint NOT NULL,
	"level_up_reward_micro" bigint DEFAULT 0 NOT NULL,
	"monthly_reward_micro" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_level_ck" CHECK ("vip_levels"."level" between 0 and 10),
	CONSTRAINT "vip_levels_amounts_ck" CHECK ("vip_levels"."threshold_micro" >= 0 and "vip_levels"."level_up_reward_micro" >= 0 and "vip_levels"."monthly_reward_micro" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_players" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"points_micro" bigint DEFAULT 0 NOT NULL,
	"settled_through" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_rebate_lines" (
	"player_id" bigint NOT NULL,
	"day" date NOT NULL,
	"game_type_id" smallint NOT NULL,
	"bet_count" integer NOT NULL,
	"stake_micro" bigint NOT NULL,
	"weight_bp" integer NOT NULL,
	"rate_ppm" integer NOT NULL,
	"amount_micro" bigint NOT NULL,
	CONSTRAINT "vip_rebate_lines_player_id_day_game_type_id_pk" PRIMARY KEY("player_id","day","game_type_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_rebate_rates" (
	"level" smallint NOT NULL,
	"game_type_id" smallint NOT NULL,
	"rate_ppm" integer NOT NULL,
	CONSTRAINT "vip_rebate_rates_level_game_type_id_pk" PRIMARY KEY("level","game_type_id"),
	CONSTRAINT "vip_rebate_rates_ck" CHECK ("vip_rebate_rates"."rate_ppm" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_rebate_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"players" integer NOT NULL,
	"valid_bet_micro" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"first_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"runs" integer DEFAULT 1 NOT NULL,
	"last_added" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_rebates" (
	"player_id" bigint NOT NULL,
	"day" date NOT NULL,
	"level" smallint NOT NULL,
	"valid_bet_micro" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "vip_rebates_player_id_day_pk" PRIMARY KEY("player_id","day"),
	CONSTRAINT "vip_rebates_amount_ck" CHECK ("vip_rebates"."amount_micro" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"period" text NOT NULL,
	"level" smallint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "vip_rewards_amount_ck" CHECK ("vip_rewards"."amount_micro" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vip_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"rebate_auto_credit" boolean DEFAULT false NOT NULL,
	"rebate_turnover_centis" integer DEFAULT 100 NOT NULL,
	"reward_turnover_centis" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tournament_payouts_player_uq" ON "tournament_payouts" USING btree ("period_id","player_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tournament_periods_days_idx" ON "tournament_periods" USING btree ("start_day","end_day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vip_rebates_day_idx" ON "vip_rebates" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "vip_rewards_fact_uq" ON "vip_rewards" USING btree ("player_id","type","period");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vip_rewards_player_idx" ON "vip_rewards" USING btree ("player_id","status");