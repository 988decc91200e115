-- Month-end rewards by period (src/modules/vip/vip.schema.ts): the month-end job asks whether a month was granted
-- every few minutes, on a table a daily check-in row a player makes large. IF NOT EXISTS: applying this twice
-- changes nothing.
CREATE INDEX IF NOT EXISTS "vip_rewards_month_end_idx" ON "vip_rewards" USING btree ("period") WHERE "vip_rewards"."type" = 2;
