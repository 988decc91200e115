-- How far Koi has read each transfer-wallet provider's bet history. IF NOT EXISTS: a database the
-- pre-baseline migrations completed applies this again.
CREATE TABLE IF NOT EXISTS "provider_history_cursors" (
	"provider_id" smallint PRIMARY KEY NOT NULL,
	"cursor" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
