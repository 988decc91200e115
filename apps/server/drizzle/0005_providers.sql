CREATE TABLE "bet_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bet_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" smallint NOT NULL,
	"round_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"game_type_id" smallint NOT NULL,
	"stake_micro" bigint DEFAULT 0 NOT NULL,
	"payout_micro" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"player_id" bigint NOT NULL,
	"provider_id" smallint NOT NULL,
	"game_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" smallint NOT NULL,
	"transaction_uuid" text NOT NULL,
	"request_uuid" text NOT NULL,
	"kind" smallint NOT NULL,
	"player_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"game_code" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"reference_transaction_uuid" text,
	"fingerprint" text NOT NULL,
	"balance_after_micro" bigint NOT NULL,
	"ledger_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bet_rounds_round_uq" ON "bet_rounds" USING btree ("provider_id","round_id","player_id");--> statement-breakpoint
CREATE INDEX "bet_rounds_player_idx" ON "bet_rounds" USING btree ("player_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_sessions_token_uq" ON "provider_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_tx_uuid_uq" ON "provider_transactions" USING btree ("provider_id","transaction_uuid");--> statement-breakpoint
CREATE INDEX "provider_tx_reference_idx" ON "provider_transactions" USING btree ("provider_id","reference_transaction_uuid");--> statement-breakpoint
CREATE INDEX "provider_tx_player_idx" ON "provider_transactions" USING btree ("player_id","created_at");