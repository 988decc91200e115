-- Promotions: rules, claims, bonus grants with frozen terms, luck seeds and flags (src/modules/promotions).
-- Idempotent (IF NOT EXISTS, constraints dropped before they are added) like the other post-baseline
-- migrations: migrations.test replays them on a database the pre-baseline migrations completed.
CREATE TABLE IF NOT EXISTS "bonus_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"title" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"multiple_centis" integer NOT NULL,
	"required_micro" bigint NOT NULL,
	"max_bet_micro" bigint,
	"max_win_micro" bigint,
	"expires_at" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"forfeited_micro" bigint,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_grants_amount_ck" CHECK ("bonus_grants"."amount_micro" > 0 and "bonus_grants"."required_micro" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "promotion_luck_seeds" (
	"day" text PRIMARY KEY NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "promotion_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"promotion_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"slot" integer DEFAULT 1 NOT NULL,
	"household_key" text,
	"amount_micro" bigint NOT NULL,
	"basis" jsonb NOT NULL,
	"grant_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_claims_amount_ck" CHECK ("promotion_claims"."amount_micro" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "promotion_flags" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" smallint NOT NULL,
	"template" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"category" smallint DEFAULT 0 NOT NULL,
	"rules" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"budget_micro" bigint,
	"spent_micro" bigint DEFAULT 0 NOT NULL,
	"per_player_cap" integer DEFAULT 1 NOT NULL,
	"once_per_household" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotions_budget_ck" CHECK ("promotions"."spent_micro" >= 0 and ("promotions"."budget_micro" is null or "promotions"."spent_micro" <= "promotions"."budget_micro")),
	CONSTRAINT "promotions_type_ck" CHECK ("promotions"."type" between 1 and 13)
);
--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN IF NOT EXISTS "waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion_claims" DROP CONSTRAINT IF EXISTS "promotion_claims_promotion_id_promotions_id_fk";--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "bonus_grants_source_uq" ON "bonus_grants" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bonus_grants_player_idx" ON "bonus_grants" USING btree ("player_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "promotion_claims_player_uq" ON "promotion_claims" USING btree ("promotion_id","player_id","period_key","slot");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "promotion_claims_household_uq" ON "promotion_claims" USING btree ("promotion_id","period_key","household_key") WHERE "promotion_claims"."household_key" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotion_claims_player_idx" ON "promotion_claims" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotion_claims_promotion_idx" ON "promotion_claims" USING btree ("promotion_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotions_status_idx" ON "promotions" USING btree ("status","sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotions_type_idx" ON "promotions" USING btree ("type");