CREATE TABLE "provider_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"player_id" bigint,
	"round_id" text NOT NULL,
	"game_code" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"limit_micro" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "multi_win" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_win_multiplier" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_win_per_round_micro" bigint;--> statement-breakpoint
ALTER TABLE "provider_sessions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_alerts_tx_uq" ON "provider_alerts" USING btree ("provider_id","transaction_uuid","kind");--> statement-breakpoint
CREATE INDEX "provider_alerts_created_idx" ON "provider_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "provider_sessions_player_idx" ON "provider_sessions" USING btree ("player_id","provider_id","game_code");--> statement-breakpoint
CREATE INDEX "provider_tx_round_idx" ON "provider_transactions" USING btree ("provider_id","round_id");