import { z } from 'zod';
import { intField, isoTime, listResult, optionalText, pageQuery, requiredText } from '../common';
import { reasonField } from './shared';

// The agent programme in the console (agents area): the team tree, tier tables, settlement runs and moves.

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日期格式须为YYYY-MM-DD' })
  .describe('A UTC+8 day, YYYY-MM-DD');

/** GET /api/admin/agents/tree: the direct downlines of `parent` (0 or missing: players without an upline). */
export const adminAgentTreeQuery = z.strictObject({
  parent: intField({ min: 0 }).optional().default(0),
  keyword: optionalText(64).describe('Username (part) among the listed members'),
  ...pageQuery,
});
export const adminAgentNode = z.object({
  id: z.number().int(),
  username: z.string(),
  direct_count: z.number().int(),
  team_size: z.number().int(),
  today_team_valid: z.string(),
  commission_paid: z.string(),
});
export const adminAgentTreeResult = listResult(adminAgentNode);

/** GET /api/admin/agents/chain: a player's upline chain, nearest first. */
export const adminAgentChainQuery = z.strictObject({ player: requiredText(64).describe('Username') });
export const adminAgentChainResult = z.object({
  player: z.object({ id: z.number().int(), username: z.string() }),
  chain: z.array(z.object({ id: z.number().int(), username: z.string(), depth: z.number().int() })),
  pending_move: z
    .object({ to: z.string().nullable(), effective_day: day })
    .nullable()
    .describe('A move recorded and not yet in effect'),
});

const tierInput = z.strictObject({
  level: intField({ min: 1, max: 50 }),
  min_team_valid: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, { message: '须为不超过6位小数的非负金额' })
    .describe('USDT'),
  rates: z
    .array(
      z.strictObject({
        game_type_id: intField({ min: 1, max: 7 }),
        rate: z
          .string()
          .regex(/^0(\.\d{1,6})?$/, { message: '比例须为0到1之间、不超过6位小数' })
          .describe('Fraction of the valid bet, e.g. 0.005'),
      }),
    )
    .max(7),
});
/** GET /api/admin/agents/tiers and POST /api/admin/agents/tiers (replaces the whole table). */
export const adminAgentTiersBody = z.strictObject({
  tiers: z.array(tierInput).min(1, { message: '至少需要一档' }).max(50),
  reason: reasonField,
});
export const adminAgentTiersResult = z.object({
  tiers: z.array(
    z.object({
      level: z.number().int(),
      min_team_valid: z.string(),
      rates: z.array(z.object({ game_type_id: z.number().int(), rate: z.string() })),
    }),
  ),
  updated_at: isoTime.nullable(),
});

/** GET /api/admin/agents/runs: settlement runs, newest first. */
export const adminAgentRunsQuery = z.strictObject({ ...pageQuery });
export const adminAgentRun = z.object({
  day,
  agents: z.number().int().describe('Statements written'),
  paid_agents: z.number().int(),
  team_valid: z.string().describe('Valid bets of every member with an upline'),
  total: z.string().describe('Commission paid'),
  settled_at: isoTime,
});
export const adminAgentRunsResult = listResult(adminAgentRun);

/** POST /api/admin/agents/runs: settles one finished day now (a run already made is answered as it is). */
export const adminAgentSettleBody = z.strictObject({ day, reason: reasonField });
export const adminAgentSettleResult = adminAgentRun.extend({ created: z.boolean() });

/** POST /api/admin/agents/move: moves a player (and their team) under another upline from tomorrow (UTC+8). */
export const adminAgentMoveBody = z.strictObject({
  player: requiredText(64).describe('Username of the player to move'),
  to: optionalText(64).describe('Username of the new upline; empty = no upline'),
  reason: reasonField,
});
export const adminAgentMoveResult = z.object({ effective_day: day, moved_members: z.number().int() });
