import {
  bigint,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, id, micro, microTotal, ts, updatedAt } from '../../db/columns';

/*
 * The agent programme's tables (decision 26). The team tree is kept twice, for two kinds of question:
 *   - agent_members: each player's upline per range of UTC+8 days. Settlement reads the tree as it stood on the
 *     day it settles, so a move recorded today takes effect tomorrow and never rewrites a settled day.
 *   - agent_tree: the closure table of today's tree (every ancestor–descendant pair with its distance, each
 *     member also its own ancestor at depth 0), so "every member below X" is one index range scan, which is
 *     how every broker call is scoped to the caller's own subtree.
 */

/** A player's upline from `fromDay` (inclusive) until `untilDay` (exclusive; null = still in force). */
export const agentMembers = pgTable(
  'agent_members',
  {
    playerId: bigintNumber('player_id').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    untilDay: date('until_day', { mode: 'string' }),
    uplineId: bigintNumber('upline_id'),
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.fromDay] }),
    index('agent_members_upline_idx').on(t.uplineId, t.fromDay),
  ],
);

/** Closure of today's tree: `ancestorId` is `depth` levels above `descendantId` (0 = the member itself). */
export const agentTree = pgTable(
  'agent_tree',
  {
    ancestorId: bigintNumber('ancestor_id').notNull(),
    descendantId: bigintNumber('descendant_id').notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('agent_tree_descendant_idx').on(t.descendantId, t.depth),
  ],
);

/**
 * The operator's tier table: from `minTeamMicro` team valid bets of a day on, an agent earns `ratesPpm[c-1]`
 * millionths of the valid bets of category c (1–7) in their team.
 */
export const agentTiers = pgTable('agent_tiers', {
  level: smallint('level').primaryKey(),
  minTeamMicro: micro('min_team_micro').notNull(),
  ratesPpm: integer('rates_ppm').array().notNull(),
  updatedAt: updatedAt(),
});

/** One settled UTC+8 day: written last in the settlement transaction, so it exists exactly when the day is paid. */
export const agentSettlementRuns = pgTable('agent_settlement_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  agents: integer('agents').notNull(),
  paidAgents: integer('paid_agents').notNull(),
  teamValidMicro: microTotal('team_valid_micro'),
  totalMicro: microTotal('total_micro'),
  /** The tier table the day was settled with, as {level, min_team_micro, rates_ppm}[]: statements are recomputed with it. */
  tiers: jsonb('tiers').notNull(),
  settledAt: createdAt(),
});

/** One agent's statement of one day: the summary and the two hashes anyone can check. */
export const agentStatements = pgTable(
  'agent_statements',
  {
    agentId: bigintNumber('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    level: smallint('level').notNull(),
    teamValidMicro: microTotal('team_valid_micro'),
    commissionMicro: microTotal('commission_micro'),
    lines: integer('lines').notNull(),
    betCount: integer('bet_count').notNull(),
    /** SHA-256 (hex) of the statement's CSV text, byte for byte. */
    rowsSha256: char('rows_sha256', { length: 64 }).notNull(),
    /** SHA-256 (hex) of the ids of the settled valid rounds it includes, ascending, one a line. */
    betsSha256: char('bets_sha256', { length: 64 }).notNull(),
    /** The ledger transfer's idempotency key; null when the commission was 0 and nothing moved. */
    transferKey: text('transfer_key'),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] }), index('agent_statements_day_idx').on(t.day)],
);

/** A line of a statement: one direct downline and one category, with every input of the differential. */
export const agentStatementLines = pgTable(
  'agent_statement_lines',
  {
    agentId: bigintNumber('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lineNo: integer('line_no').notNull(),
    downlineId: bigintNumber('downline_id').notNull(),
    gameTypeId: smallint('game_type_id').notNull(),
    branchMicro: micro('branch_micro').notNull(),
    ownRatePpm: integer('own_rate_ppm').notNull(),
    ownPartMicro: micro('own_part_micro').notNull(),
    downlineTeamMicro: micro('downline_team_micro').notNull(),
    downlineRatePpm: integer('downline_rate_ppm').notNull(),
    downlinePartMicro: micro('downline_part_micro').notNull(),
    differentialMicro: micro('differential_micro').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.day, t.lineNo] }),
    index('agent_statement_lines_downline_idx').on(t.downlineId, t.day),
  ],
);

/** Operators' moves of a player to another upline, kept for the record (the audit log has them too). */
export const agentMoves = pgTable('agent_moves', {
  id: id(),
  playerId: bigintNumber('player_id').notNull(),
  fromUplineId: bigintNumber('from_upline_id'),
  toUplineId: bigintNumber('to_upline_id'),
  effectiveDay: date('effective_day', { mode: 'string' }).notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
