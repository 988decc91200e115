-- The agent programme (src/modules/agents): the team tree, tier table, settlement runs and statements. IF NOT
-- EXISTS throughout, and the backfill of the tree from players.inviter_id skips rows already there: a database
-- the pre-baseline migrations completed applies this again.
CREATE TABLE IF NOT EXISTS "agent_members" (
	"player_id" bigint NOT NULL,
	"from_day" date NOT NULL,
	"until_day" date,
	"upline_id" bigint,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_members_player_id_from_day_pk" PRIMARY KEY("player_id","from_day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"from_upline_id" bigint,
	"to_upline_id" bigint,
	"effective_day" date NOT NULL,
	"operator_id" bigint,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_settlement_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"agents" integer NOT NULL,
	"paid_agents" integer NOT NULL,
	"team_valid_micro" bigint DEFAULT 0 NOT NULL,
	"total_micro" bigint DEFAULT 0 NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_statement_lines" (
	"agent_id" bigint NOT NULL,
	"day" date NOT NULL,
	"line_no" integer NOT NULL,
	"downline_id" bigint NOT NULL,
	"game_type_id" smallint NOT NULL,
	"branch_micro" bigint NOT NULL,
	"own_rate_ppm" integer NOT NULL,
	"own_part_micro" bigint NOT NULL,
	"downline_team_micro" bigint NOT NULL,
	"downline_rate_ppm" integer NOT NULL,
	"downline_part_micro" bigint NOT NULL,
	"differential_micro" bigint NOT NULL,
	CONSTRAINT "agent_statement_lines_agent_id_day_line_no_pk" PRIMARY KEY("agent_id","day","line_no")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_statements" (
	"agent_id" bigint NOT NULL,
	"day" date NOT NULL,
	"level" smallint NOT NULL,
	"team_valid_micro" bigint DEFAULT 0 NOT NULL,
	"commission_micro" bigint DEFAULT 0 NOT NULL,
	"lines" integer NOT NULL,
	"bet_count" integer NOT NULL,
	"rows_sha256" char(64) NOT NULL,
	"bets_sha256" char(64) NOT NULL,
	"transfer_key" text,
	CONSTRAINT "agent_statements_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_tiers" (
	"level" smallint PRIMARY KEY NOT NULL,
	"min_team_micro" bigint NOT NULL,
	"rates_ppm" integer[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_tree" (
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "agent_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_members_upline_idx" ON "agent_members" USING btree ("upline_id","from_day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_statement_lines_downline_idx" ON "agent_statement_lines" USING btree ("downline_id","day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_statements_day_idx" ON "agent_statements" USING btree ("day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_tree_descendant_idx" ON "agent_tree" USING btree ("descendant_id","depth");--> statement-breakpoint
INSERT INTO "agent_members" ("player_id", "from_day", "upline_id", "joined_at")
SELECT "id", DATE '2000-01-01', "inviter_id", "created_at" FROM "players"
ON CONFLICT DO NOTHING;--> statement-breakpoint
WITH RECURSIVE "up" AS (
	SELECT "id" AS "descendant_id", "id" AS "ancestor_id", 0 AS "depth" FROM "players"
	UNION ALL
	SELECT "up"."descendant_id", "p"."inviter_id", "up"."depth" + 1
	FROM "up" JOIN "players" "p" ON "p"."id" = "up"."ancestor_id"
	WHERE "p"."inviter_id" IS NOT NULL AND "up"."depth" < 100000
)
INSERT INTO "agent_tree" ("ancestor_id", "descendant_id", "depth") SELECT "ancestor_id", "descendant_id", "depth" FROM "up"
ON CONFLICT DO NOTHING;
