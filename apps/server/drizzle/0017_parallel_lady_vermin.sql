ALTER TABLE "deposit_unmatched" ADD COLUMN "requested_by_id" bigint;--> statement-breakpoint
ALTER TABLE "deposit_unmatched" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_unmatched" ADD COLUMN "resolved_by_id" bigint;