CREATE TABLE "fair_seeds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fair_seeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "original_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "original_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"game" text NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"win" boolean NOT NULL,
	"multiplier_text" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"payout_micro" bigint NOT NULL,
	"house_edge_bp" smallint NOT NULL,
	"balance_after_micro" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_one_active_uq" ON "fair_seeds" USING btree ("player_id") WHERE "fair_seeds"."active";--> statement-breakpoint
CREATE INDEX "fair_seeds_player_idx" ON "fair_seeds" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "original_bets_key_uq" ON "original_bets" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "original_bets_seed_nonce_uq" ON "original_bets" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "original_bets_player_idx" ON "original_bets" USING btree ("player_id","id");