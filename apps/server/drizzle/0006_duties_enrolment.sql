-- One-time enrolment links for new and reset operators (src/modules/operators). IF NOT EXISTS throughout,
-- and the constraint dropped before it is added: a database the pre-baseline migrations completed applies
-- this again.
CREATE TABLE IF NOT EXISTS "operator_enrolments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"kind" smallint NOT NULL,
	"issued_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operator_enrolments" DROP CONSTRAINT IF EXISTS "operator_enrolments_operator_id_operators_id_fk";--> statement-breakpoint
ALTER TABLE "operator_enrolments" ADD CONSTRAINT "operator_enrolments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "operator_enrolments_token_hash_uq" ON "operator_enrolments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operator_enrolments_operator_idx" ON "operator_enrolments" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operator_enrolments_issuer_idx" ON "operator_enrolments" USING btree ("issued_by","created_at");