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
CREATE INDEX "withdrawals_address_idx" ON "withdrawals" USING btree ("address");