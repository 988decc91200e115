-- Baseline: the schema that migrations 0000_foundation … 0021_short_famine built, squashed into one file before
-- launch (they stay in git history). Tables, identity sequences, constraints and indexes only: every SQL
-- function and trigger is defined in src/db/functions/, which Database.migrate() applies after the migrations.
-- Columns stand in the order the old chain left them (added columns last), so a database built from here is the
-- same, column for column, as one the old chain migrated. This entry's `when` is the old last migration's, so a
-- database the old chain completed applies nothing here; one it left part-way is refused (db/client.ts). The old
-- chain's data statements (0020: rounds' seed columns from their round id, a wallet for each player without one)
-- acted only on rows older than them, and a database starting here has none.
CREATE TABLE "captchas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "captchas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device" text NOT NULL,
	"answer_hash" text NOT NULL,
	"salt" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint,
	"username" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text NOT NULL,
	"ip" text,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "players_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"invite_code" text NOT NULL,
	"inviter_id" bigint,
	"vip_level" integer DEFAULT 0 NOT NULL,
	"withdraw_password_hash" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"self_excluded_until" timestamp with time zone,
	"age_confirmed_at" timestamp with time zone NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"register_ip" text,
	"register_device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reality_check_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"device" text,
	"previous_login_at" timestamp with time zone,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"issuer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"image" text NOT NULL,
	"title" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"activity_type" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjustment_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustment_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"needs_approval" boolean NOT NULL,
	"requested_by_id" bigint NOT NULL,
	"requested_by" text NOT NULL,
	"request_key" text,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by_id" bigint,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"transfer_id" bigint
);
--> statement-breakpoint
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
CREATE TABLE "game_categories" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"tab_sort" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"wallet_model" text NOT NULL,
	"brand_image" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"game_type_id" smallint NOT NULL,
	"plat_type_id" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"open_type" smallint DEFAULT 2 NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"image" text NOT NULL,
	"game_image" text NOT NULL,
	"min_bet_micro" bigint NOT NULL,
	"max_bet_micro" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"multi_win" boolean DEFAULT false NOT NULL,
	"max_win_multiplier" integer,
	"max_win_per_round_micro" bigint
);
--> statement-breakpoint
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
CREATE TABLE "provider_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"player_id" bigint NOT NULL,
	"provider_id" smallint NOT NULL,
	"game_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
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
CREATE TABLE "provider_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"provider_id" smallint NOT NULL,
	"direction" smallint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"ledger_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
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
	"closed_at" timestamp with time zone,
	"seed_id" bigint,
	"nonce" integer
);
--> statement-breakpoint
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
CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operator_id" bigint,
	"operator_username" text,
	"ip" text,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"before" text,
	"after" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_logins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint,
	"username" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text NOT NULL,
	"ip" text,
	"device" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"device" text
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"totp_secret" text NOT NULL,
	"totp_last_step" bigint,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turnover_requirements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "turnover_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"base_micro" bigint NOT NULL,
	"multiple_centis" integer NOT NULL,
	"required_micro" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "turnover_requirements_amount_ck" CHECK ("turnover_requirements"."required_micro" >= 0 and "turnover_requirements"."base_micro" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdraw_password_guards" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawal_address_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_address_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"address_id" bigint NOT NULL,
	"action" smallint NOT NULL,
	"ip" text,
	"similar_to" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"address" text NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "withdrawal_addresses_type_ck" CHECK ("withdrawal_addresses"."type" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"address_id" bigint NOT NULL,
	"address_type" smallint NOT NULL,
	"address" text NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"amount_micro" bigint NOT NULL,
	"fee_micro" bigint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"hold_key" text NOT NULL,
	"approved_by" bigint,
	"second_approved_by" bigint,
	"approved_at" timestamp with time zone,
	"rejected_by" bigint,
	"reject_reason" text,
	"tx_hash" text,
	"payout_attempts" integer DEFAULT 0 NOT NULL,
	"last_payout_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_amount_ck" CHECK ("withdrawals"."amount_micro" > 0 and "withdrawals"."fee_micro" >= 0),
	CONSTRAINT "withdrawals_state_ck" CHECK ("withdrawals"."state" between 1 and 5),
	CONSTRAINT "withdrawals_two_approvers_ck" CHECK ("withdrawals"."second_approved_by" is null or "withdrawals"."second_approved_by" <> "withdrawals"."approved_by")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"address" text PRIMARY KEY NOT NULL,
	"min_timestamp_ms" bigint DEFAULT 0 NOT NULL,
	"fingerprint" text,
	"last_block_ms" bigint,
	"last_polled_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"backoff_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx_id" text NOT NULL,
	"event_key" text NOT NULL,
	"token_contract" text NOT NULL,
	"token_symbol" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"block_timestamp" timestamp with time zone NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_id" bigint,
	"player_id" bigint,
	"ledger_key" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channel_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"notification_id" text NOT NULL,
	"order_no" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"channel_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"fee_micro" bigint NOT NULL,
	"currency" text NOT NULL,
	"pay_amount" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"provider_ref" text,
	"redirect_url" text,
	"country" text,
	"ledger_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"rate" text DEFAULT '1' NOT NULL,
	"note" text,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_limits" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"day_micro" bigint,
	"week_micro" bigint,
	"month_micro" bigint,
	"pending_day_micro" bigint,
	"pending_week_micro" bigint,
	"pending_month_micro" bigint,
	"pending_mask" smallint DEFAULT 0 NOT NULL,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"player_id" bigint NOT NULL,
	"address_id" bigint NOT NULL,
	"address" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"actual_amount_micro" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"country" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"chain_transfer_id" bigint
);
--> statement-breakpoint
CREATE TABLE "deposit_unmatched" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_unmatched_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" smallint NOT NULL,
	"chain_transfer_id" bigint,
	"channel_order_id" bigint,
	"amount_micro" bigint NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb,
	"likely_player_id" bigint,
	"order_player_id" bigint,
	"status" smallint DEFAULT 1 NOT NULL,
	"match_player_id" bigint,
	"requested_by" text,
	"note" text,
	"resolved_by" text,
	"refund_tx_id" text,
	"ledger_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"requested_by_id" bigint,
	"requested_at" timestamp with time zone,
	"resolved_by_id" bigint,
	"channel_ref" text
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"adapter" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"min_micro" bigint NOT NULL,
	"max_micro" bigint NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"rate" text DEFAULT '1' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"fee_fixed_micro" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD CONSTRAINT "sign_in_codes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_game_type_id_game_categories_id_fk" FOREIGN KEY ("game_type_id") REFERENCES "public"."game_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_plat_type_id_game_providers_id_fk" FOREIGN KEY ("plat_type_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_device_idx" ON "captchas" USING btree ("device","id");--> statement-breakpoint
CREATE INDEX "login_events_player_idx" ON "login_events" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "login_events_username_idx" ON "login_events" USING btree (lower("username"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_username_lower_uq" ON "players" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_invite_code_uq" ON "players" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "players_inviter_idx" ON "players" USING btree ("inviter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_player_idx" ON "sessions" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_codes_hash_uq" ON "sign_in_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sign_in_codes_player_idx" ON "sign_in_codes" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_requests_key_uq" ON "adjustment_requests" USING btree ("requested_by_id","request_key") WHERE "adjustment_requests"."request_key" is not null;--> statement-breakpoint
CREATE INDEX "adjustment_requests_status_idx" ON "adjustment_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "adjustment_requests_player_idx" ON "adjustment_requests" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_player_uq" ON "ledger_accounts" USING btree ("player_id","currency") WHERE "ledger_accounts"."player_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_uq" ON "ledger_accounts" USING btree ("system_code","currency","shard") WHERE "ledger_accounts"."system_code" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_key_uq" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_pending_idx" ON "ledger_transfers" USING btree ("timeout_at") WHERE "ledger_transfers"."state" = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_code_uq" ON "games" USING btree ("plat_type_id","game_code");--> statement-breakpoint
CREATE INDEX "games_type_sort_idx" ON "games" USING btree ("game_type_id","sort","id");--> statement-breakpoint
CREATE INDEX "games_hot_idx" ON "games" USING btree ("is_hot","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_alerts_tx_uq" ON "provider_alerts" USING btree ("provider_id","transaction_uuid","kind");--> statement-breakpoint
CREATE INDEX "provider_alerts_created_idx" ON "provider_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_sessions_token_uq" ON "provider_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "provider_sessions_player_idx" ON "provider_sessions" USING btree ("player_id","provider_id","game_code");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_tx_uuid_uq" ON "provider_transactions" USING btree ("transaction_uuid","provider_id");--> statement-breakpoint
CREATE INDEX "provider_tx_reference_idx" ON "provider_transactions" USING btree ("reference_transaction_uuid","provider_id");--> statement-breakpoint
CREATE INDEX "provider_tx_player_idx" ON "provider_transactions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_tx_round_idx" ON "provider_transactions" USING btree ("round_id","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transfers_id_uq" ON "provider_transfers" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "provider_transfers_pending_idx" ON "provider_transfers" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "provider_transfers_player_idx" ON "provider_transfers" USING btree ("player_id","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_rounds_round_uq" ON "bet_rounds" USING btree ("provider_id","round_id","player_id");--> statement-breakpoint
CREATE INDEX "bet_rounds_player_idx" ON "bet_rounds" USING btree ("player_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_one_active_uq" ON "fair_seeds" USING btree ("player_id") WHERE "fair_seeds"."active";--> statement-breakpoint
CREATE INDEX "fair_seeds_player_idx" ON "fair_seeds" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "original_bets_key_uq" ON "original_bets" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "original_bets_seed_nonce_uq" ON "original_bets" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "original_bets_player_idx" ON "original_bets" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "operator_audit" USING btree ("operator_username","seq");--> statement-breakpoint
CREATE INDEX "operator_audit_action_idx" ON "operator_audit" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "operator_audit_target_idx" ON "operator_audit" USING btree ("target_type","target_id","seq");--> statement-breakpoint
CREATE INDEX "operator_audit_at_idx" ON "operator_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operator_logins_operator_idx" ON "operator_logins" USING btree ("operator_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_hash_uq" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_lower_uq" ON "operators" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_requirements_source_uq" ON "turnover_requirements" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "turnover_requirements_player_idx" ON "turnover_requirements" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_address_events_player_idx" ON "withdrawal_address_events" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_live_uq" ON "withdrawal_addresses" USING btree ("player_id","type","area","address") WHERE "withdrawal_addresses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_player_idx" ON "withdrawal_addresses" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_address_idx" ON "withdrawal_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_uq" ON "withdrawals" USING btree ("player_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_hold_key_uq" ON "withdrawals" USING btree ("hold_key");--> statement-breakpoint
CREATE INDEX "withdrawals_player_idx" ON "withdrawals" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_state_idx" ON "withdrawals" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_address_idx" ON "withdrawals" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_event_uq" ON "chain_transfers" USING btree ("tx_id","event_key");--> statement-breakpoint
CREATE INDEX "chain_transfers_to_idx" ON "chain_transfers" USING btree ("to_address","block_timestamp");--> statement-breakpoint
CREATE INDEX "chain_transfers_from_idx" ON "chain_transfers" USING btree ("from_address");--> statement-breakpoint
CREATE INDEX "chain_transfers_open_idx" ON "chain_transfers" USING btree ("first_seen_at") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_notifications_uq" ON "channel_notifications" USING btree ("channel_id","notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_orders_no_uq" ON "channel_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_orders_ref_uq" ON "channel_orders" USING btree ("channel_id","provider_ref");--> statement-breakpoint
CREATE INDEX "channel_orders_player_idx" ON "channel_orders" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_orders_open_idx" ON "channel_orders" USING btree ("created_at") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_uq" ON "deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_no_uq" ON "deposit_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_open_amount_uq" ON "deposit_orders" USING btree ("address_id","actual_amount_micro") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "deposit_orders_player_idx" ON "deposit_orders" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_match_idx" ON "deposit_orders" USING btree ("address_id","actual_amount_micro","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_pending_idx" ON "deposit_orders" USING btree ("expires_at") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_unmatched_chain_uq" ON "deposit_unmatched" USING btree ("chain_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_unmatched_channel_uq" ON "deposit_unmatched" USING btree ("channel_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_unmatched_channel_ref_uq" ON "deposit_unmatched" USING btree ("channel_ref");--> statement-breakpoint
CREATE INDEX "deposit_unmatched_status_idx" ON "deposit_unmatched" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_code_uq" ON "payment_channels" USING btree ("code");