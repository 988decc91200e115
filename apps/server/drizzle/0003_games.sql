CREATE TABLE "game_categories" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"tab_sort" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"wallet_model" text NOT NULL,
	"brand_image" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"game_type_id" smallint NOT NULL,
	"plat_type_id" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"open_type" smallint DEFAULT 2 NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"image" text NOT NULL,
	"game_image" text NOT NULL,
	"min_bet_micro" bigint NOT NULL,
	"max_bet_micro" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_game_type_id_game_categories_id_fk" FOREIGN KEY ("game_type_id") REFERENCES "public"."game_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_plat_type_id_game_providers_id_fk" FOREIGN KEY ("plat_type_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_code_uq" ON "games" USING btree ("plat_type_id","game_code");--> statement-breakpoint
CREATE INDEX "games_type_sort_idx" ON "games" USING btree ("game_type_id","sort","id");--> statement-breakpoint
CREATE INDEX "games_hot_idx" ON "games" USING btree ("is_hot","sort","id");