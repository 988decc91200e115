-- Operators' single-use recovery codes (src/modules/operators). IF NOT EXISTS throughout, and the constraint
-- dropped before it is added, so applying this twice changes nothing.
CREATE TABLE IF NOT EXISTS "operator_recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" DROP CONSTRAINT IF EXISTS "operator_recovery_codes_operator_id_operators_id_fk";--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "operator_recovery_codes_operator_code_uq" ON "operator_recovery_codes" USING btree ("operator_id","code_hash");
