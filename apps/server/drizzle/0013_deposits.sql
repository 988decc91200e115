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
	"completed_at" timestamp with time zone
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
	"resolved_at" timestamp with time zone
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
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_event_uq" ON "chain_transfers" USING btree ("tx_id","event_key");--> statement-breakpoint
CREATE INDEX "chain_transfers_to_idx" ON "chain_transfers" USING btree ("to_address","block_timestamp");--> statement-breakpoint
CREATE INDEX "chain_transfers_from_idx" ON "chain_transfers" USING btree ("from_address");--> statement-breakpoint
CREATE INDEX "chain_transfers_open_idx" ON "chain_transfers" USING btree ("first_seen_at") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_notifications_uq" ON "channel_notifications" USING btree ("channel_id","notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_orders_no_uq" ON "channel_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "channel_orders_player_idx" ON "channel_orders" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_uq" ON "deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_no_uq" ON "deposit_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_open_amount_uq" ON "deposit_orders" USING btree ("address_id","actual_amount_micro") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "deposit_orders_player_idx" ON "deposit_orders" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_match_idx" ON "deposit_orders" USING btree ("address_id","actual_amount_micro","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_pending_idx" ON "deposit_orders" USING btree ("expires_at") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_unmatched_chain_uq" ON "deposit_unmatched" USING btree ("chain_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_unmatched_channel_uq" ON "deposit_unmatched" USING btree ("channel_order_id");--> statement-breakpoint
CREATE INDEX "deposit_unmatched_status_idx" ON "deposit_unmatched" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_code_uq" ON "payment_channels" USING btree ("code");