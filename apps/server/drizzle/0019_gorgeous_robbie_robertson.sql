ALTER TABLE "channel_orders" ADD COLUMN "rate" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_unmatched" ADD COLUMN "channel_ref" text;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "fee_fixed_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_orders_ref_uq" ON "channel_orders" USING btree ("channel_id","provider_ref");--> statement-breakpoint
CREATE INDEX "channel_orders_open_idx" ON "channel_orders" USING btree ("created_at") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_unmatched_channel_ref_uq" ON "deposit_unmatched" USING btree ("channel_ref");