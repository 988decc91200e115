-- A rebate's lines move onto its row (src/modules/vip/vip.schema.ts, vipRebates): parallel arrays, one element
-- a category in ascending order, instead of a vip_rebate_lines row each. IF NOT EXISTS throughout; the lines
-- already written are copied onto their rebates before their table is dropped, and the block does nothing once
-- that table is gone, so applying this again changes nothing.
ALTER TABLE "vip_rebates" ADD COLUMN IF NOT EXISTS "line_game_type_ids" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_rebates" ADD COLUMN IF NOT EXISTS "line_bet_counts" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_rebates" ADD COLUMN IF NOT EXISTS "line_stakes_micro" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_rebates" ADD COLUMN IF NOT EXISTS "line_weights_bp" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_rebates" ADD COLUMN IF NOT EXISTS "line_rates_ppm" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_rebates" ADD COLUMN IF NOT EXISTS "line_amounts_micro" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  IF to_regclass('vip_rebate_lines') IS NOT NULL THEN
    UPDATE "vip_rebates" r SET
      "line_game_type_ids" = l.game_type_ids, "line_bet_counts" = l.bet_counts,
      "line_stakes_micro" = l.stakes, "line_weights_bp" = l.weights,
      "line_rates_ppm" = l.rates, "line_amounts_micro" = l.amounts
    FROM (SELECT player_id, day,
                 array_agg(game_type_id ORDER BY game_type_id) AS game_type_ids,
                 array_agg(bet_count ORDER BY game_type_id) AS bet_counts,
                 array_agg(stake_micro ORDER BY game_type_id) AS stakes,
                 array_agg(weight_bp ORDER BY game_type_id) AS weights,
                 array_agg(rate_ppm ORDER BY game_type_id) AS rates,
                 array_agg(amount_micro ORDER BY game_type_id) AS amounts
          FROM vip_rebate_lines GROUP BY player_id, day) l
    WHERE r.player_id = l.player_id AND r.day = l.day;
    DROP TABLE vip_rebate_lines;
  END IF;
END $$;
