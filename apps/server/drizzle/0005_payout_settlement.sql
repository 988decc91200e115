-- Unclear and manual payouts settled by two operators, and the operator-enabled off-chain payout methods
-- (src/modules/withdrawals). IF NOT EXISTS throughout, and each constraint dropped before it is added: a
-- database the pre-baseline migrations completed applies this again.
CREATE TABLE IF NOT EXISTS "payout_methods" (
	"address_type" smallint PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_methods_type_ck" CHECK ("payout_methods"."address_type" between 2 and 3)
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "paying_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "manual_payout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "settle_outcome" smallint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "settle_reference" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "settle_note" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "settle_proposed_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "settle_proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "settled_by" bigint;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_alerted_idx" ON "withdrawals" USING btree ("alerted_at") WHERE "withdrawals"."alerted_at" is not null and "withdrawals"."state" = 3;--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT IF EXISTS "withdrawals_two_settlers_ck";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_two_settlers_ck" CHECK ("withdrawals"."settled_by" is null or ("withdrawals"."settle_proposed_by" is not null and "withdrawals"."settled_by" <> "withdrawals"."settle_proposed_by"));--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT IF EXISTS "withdrawals_settle_outcome_ck";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settle_outcome_ck" CHECK ("withdrawals"."settle_outcome" is null or "withdrawals"."settle_outcome" between 1 and 2);