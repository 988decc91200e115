-- Telegram: linked Telegram users and used Mini App launch data (src/modules/telegram). IF NOT EXISTS
-- throughout, and the constraint dropped before it is added: a database the pre-baseline migrations completed
-- applies this again.
CREATE TABLE IF NOT EXISTS "telegram_accounts" (
	"telegram_user_id" bigint PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"telegram_username" text,
	"first_name" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "telegram_init_data_uses" (
	"hash" text PRIMARY KEY NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"auth_date" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_accounts" DROP CONSTRAINT IF EXISTS "telegram_accounts_player_id_players_id_fk";--> statement-breakpoint
ALTER TABLE "telegram_accounts" ADD CONSTRAINT "telegram_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "telegram_accounts_player_uq" ON "telegram_accounts" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "telegram_init_data_uses_auth_date_idx" ON "telegram_init_data_uses" USING btree ("auth_date");