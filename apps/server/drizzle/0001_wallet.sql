CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"player_id" bigint,
	"system_code" text,
	"shard" smallint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"flags" integer DEFAULT 0 NOT NULL,
	"debits_posted_micro" bigint DEFAULT 0 NOT NULL,
	"credits_posted_micro" bigint DEFAULT 0 NOT NULL,
	"debits_pending_micro" bigint DEFAULT 0 NOT NULL,
	"credits_pending_micro" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_ck" CHECK (("ledger_accounts"."kind" = 1 and "ledger_accounts"."player_id" is not null and "ledger_accounts"."system_code" is null) or ("ledger_accounts"."kind" = 2 and "ledger_accounts"."system_code" is not null and "ledger_accounts"."player_id" is null)),
	CONSTRAINT "ledger_accounts_nonneg_ck" CHECK ("ledger_accounts"."debits_posted_micro" >= 0 and "ledger_accounts"."credits_posted_micro" >= 0 and "ledger_accounts"."debits_pending_micro" >= 0 and "ledger_accounts"."credits_pending_micro" >= 0),
	CONSTRAINT "ledger_accounts_debit_limit_ck" CHECK ("ledger_accounts"."flags" & 1 = 0 or "ledger_accounts"."credits_posted_micro" - "ledger_accounts"."debits_posted_micro" - "ledger_accounts"."debits_pending_micro" >= 0),
	CONSTRAINT "ledger_accounts_credit_limit_ck" CHECK ("ledger_accounts"."flags" & 2 = 0 or "ledger_accounts"."debits_posted_micro" - "ledger_accounts"."credits_posted_micro" - "ledger_accounts"."credits_pending_micro" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"reason" text NOT NULL,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"phase" smallint NOT NULL,
	"code" smallint NOT NULL,
	"posted_delta_micro" bigint NOT NULL,
	"pending_delta_micro" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"balance_after_micro" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_phase_ck" CHECK ("ledger_entries"."phase" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"code" smallint NOT NULL,
	"state" smallint NOT NULL,
	"reference_type" text DEFAULT '' NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"timeout_at" timestamp with time zone,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_transfers_amount_ck" CHECK ("ledger_transfers"."amount_micro" > 0),
	CONSTRAINT "ledger_transfers_accounts_ck" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_state_ck" CHECK ("ledger_transfers"."state" between 1 and 4),
	CONSTRAINT "ledger_transfers_key_ck" CHECK (length("ledger_transfers"."idempotency_key") between 1 and 128)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_player_uq" ON "ledger_accounts" USING btree ("player_id","currency") WHERE "ledger_accounts"."player_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_uq" ON "ledger_accounts" USING btree ("system_code","currency","shard") WHERE "ledger_accounts"."system_code" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_key_uq" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_pending_idx" ON "ledger_transfers" USING btree ("timeout_at") WHERE "ledger_transfers"."state" = 2;