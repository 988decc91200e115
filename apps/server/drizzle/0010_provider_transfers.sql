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
CREATE UNIQUE INDEX "provider_transfers_id_uq" ON "provider_transfers" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "provider_transfers_pending_idx" ON "provider_transfers" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "provider_transfers_player_idx" ON "provider_transfers" USING btree ("player_id","provider_id");