-- Red packets: rooms, packets and grabs (src/modules/redpackets). IF NOT EXISTS throughout, and each foreign key
-- dropped before it is added: a database the pre-baseline migrations completed applies this again.
CREATE TABLE IF NOT EXISTS "red_packet_grabs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_packet_grabs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"packet_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"player_id" bigint NOT NULL,
	"share_micro" bigint NOT NULL,
	"mine_hit" boolean NOT NULL,
	"hold_micro" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "red_packet_rooms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_packet_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"min_stake_micro" bigint NOT NULL,
	"max_stake_micro" bigint NOT NULL,
	"shares_min" smallint NOT NULL,
	"shares_max" smallint NOT NULL,
	"mine_multiple_bp" integer NOT NULL,
	"fee_bp" integer NOT NULL,
	"lifetime_seconds" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_rooms_shares_ck" CHECK ("red_packet_rooms"."shares_min" >= 5 and "red_packet_rooms"."shares_max" <= 10 and "red_packet_rooms"."shares_min" <= "red_packet_rooms"."shares_max"),
	CONSTRAINT "red_packet_rooms_stake_ck" CHECK ("red_packet_rooms"."min_stake_micro" > 0 and "red_packet_rooms"."min_stake_micro" <= "red_packet_rooms"."max_stake_micro")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "red_packets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_packets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"room_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"total_micro" bigint NOT NULL,
	"shares" smallint NOT NULL,
	"mine_digit" smallint,
	"mine_multiple_bp" integer NOT NULL,
	"fee_bp" integer NOT NULL,
	"mine_payment_micro" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"split" jsonb,
	"grabbed" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"close_reason" smallint,
	"refunded_micro" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "red_packets_grabbed_ck" CHECK ("red_packets"."grabbed" >= 0 and "red_packets"."grabbed" <= "red_packets"."shares"),
	CONSTRAINT "red_packets_mine_digit_ck" CHECK ("red_packets"."mine_digit" is null or "red_packets"."mine_digit" between 1 and 9)
);
--> statement-breakpoint
ALTER TABLE "red_packet_grabs" DROP CONSTRAINT IF EXISTS "red_packet_grabs_packet_id_red_packets_id_fk";--> statement-breakpoint
ALTER TABLE "red_packet_grabs" ADD CONSTRAINT "red_packet_grabs_packet_id_red_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" DROP CONSTRAINT IF EXISTS "red_packets_room_id_red_packet_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_room_id_red_packet_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."red_packet_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "red_packet_grabs_seq_uq" ON "red_packet_grabs" USING btree ("packet_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "red_packet_grabs_player_uq" ON "red_packet_grabs" USING btree ("packet_id","player_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "red_packet_grabs_player_idx" ON "red_packet_grabs" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "red_packets_sender_key_uq" ON "red_packets" USING btree ("sender_id","idempotency_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "red_packets_room_idx" ON "red_packets" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "red_packets_sender_idx" ON "red_packets" USING btree ("sender_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "red_packets_open_idx" ON "red_packets" USING btree ("expires_at") WHERE "red_packets"."state" = 1;