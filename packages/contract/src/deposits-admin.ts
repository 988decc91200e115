import { z } from 'zod';
import { intField, isoTime, listResult, optionalText, pageQuery, playerFields, requiredText } from './common';
import { reasonField } from './admin';
import { queueStateFilter, timeWindowPage } from './admin/shared';

/**
 * The console's deposits area (decisions 13, 20, 21), every route under /api/admin/deposits
 * and guarded by the `deposits` permission: `read` to look, `write` to change. Conventions as in admin.ts:
 * snake_case, money as decimal USDT strings, times as ISO 8601, lists as `{ data, total }`.
 */

/** A list's state filter: one of `states`, or '' (the default) for every state. */
const stateFilter = <const S extends readonly string[]>(states: S) =>
  z
    .enum([...states, ''])
    .optional()
    .default('');

// ---------------------------------------------------------------------------------------------------------
// Receiving addresses

/** GET /api/admin/deposits/addresses: the pool of TRON receiving addresses. */
export const adminDepositAddress = z.object({
  id: z.number().int(),
  address: z.string().describe('Base58check TRON address, T…, 34 characters'),
  label: z.string(),
  enabled: z
    .boolean()
    .describe('Disabled: takes no new orders; still watched for open orders and late payments'),
  open_orders: z.number().int().describe('Pending orders on this address now'),
  created_at: isoTime,
});
export const adminDepositAddressesResult = z.object({ data: z.array(adminDepositAddress) });

/** POST /api/admin/deposits/addresses: checksum verified; the same address twice is refused. */
export const adminDepositAddressCreateRequest = z.strictObject({
  address: requiredText(64).describe('T…, 34 characters, base58check'),
  label: optionalText(64).describe('A name operators recognise (e.g. "hot wallet 2")'),
  reason: reasonField,
});
/** POST /api/admin/deposits/addresses/:id/enable and /disable */
export const adminDepositAddressStatusRequest = z.strictObject({ reason: reasonField });

// ---------------------------------------------------------------------------------------------------------
// Orders

export const DEPOSIT_ORDER_STATES = ['pending', 'completed', 'expired'] as const;

/** GET /api/admin/deposits/orders */
export const adminDepositOrdersQuery = z.strictObject({
  status: stateFilter(DEPOSIT_ORDER_STATES),
  player: optionalText(64).describe('Player id or username (exact)'),
  order_no: optionalText(40),
  address: optionalText(64),
  ...timeWindowPage({ from: 'Created at or after', to: 'Created before' }),
});
export const adminDepositOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  ...playerFields,
  address: z.string(),
  amount: z.string(),
  actual_amount: z.string().describe('What the player had to send (4 decimals)'),
  status: z.enum(DEPOSIT_ORDER_STATES),
  created_at: isoTime,
  expires_at: isoTime,
  completed_at: isoTime.nullable(),
  tx_id: z.string().nullable(),
});
export const adminDepositOrdersResult = listResult(adminDepositOrder);

// ---------------------------------------------------------------------------------------------------------
// Chain transfers

export const CHAIN_TRANSFER_STATES = ['seen', 'credited', 'unmatched', 'foreign_token'] as const;

/** GET /api/admin/deposits/transfers */
export const adminChainTransfersQuery = z.strictObject({
  status: stateFilter(CHAIN_TRANSFER_STATES),
  address: optionalText(64).describe('Receiving address'),
  from_address: optionalText(64).describe('Sender'),
  tx_id: optionalText(80),
  ...timeWindowPage({ from: 'Block time at or after', to: 'Block time before' }),
});
export const adminChainTransfer = z.object({
  id: z.number().int(),
  tx_id: z.string(),
  event_key: z.string(),
  token_contract: z.string(),
  token_symbol: z.string(),
  official_token: z.boolean().describe('The official USDT TRC20 contract'),
  from_address: z.string(),
  to_address: z.string(),
  amount: z.string(),
  block_time: isoTime,
  confirmed: z
    .boolean()
    .describe('In a solidified block (TronGrid only_confirmed); only confirmed transfers are ever credited'),
  confirmed_at: isoTime.nullable(),
  first_seen_at: isoTime,
  status: z.enum(CHAIN_TRANSFER_STATES),
  order_no: z.string().nullable(),
  player_id: z.number().int().nullable().describe('Credited player (automatic or operator match)'),
  username: z.string().nullable(),
  unmatched_id: z.number().int().nullable(),
  unmatched_status: z.string().nullable(),
});
export const adminChainTransfersResult = listResult(adminChainTransfer);

// ---------------------------------------------------------------------------------------------------------
// The unmatched queue (decision 20, 21)

export const UNMATCHED_STATES = ['queued', 'awaiting_approval', 'matched', 'refunded', 'ignored'] as const;
export type UnmatchedState = (typeof UNMATCHED_STATES)[number];

/** GET /api/admin/deposits/unmatched */
export const adminUnmatchedQuery = z.strictObject({
  status: queueStateFilter(UNMATCHED_STATES).describe('open = queued or awaiting approval'),
  ...pageQuery,
});
const playerRef = z.object({ id: z.number().int(), username: z.string() });
export const adminUnmatched = z.object({
  id: z.number().int(),
  source: z.enum(['chain', 'channel']),
  amount: z.string(),
  reason: z
    .string()
    .describe('Why it was not credited: late, no_order, deposit_limit, region, or a channel mismatch'),
  tx_id: z.string().nullable(),
  from_address: z.string().nullable(),
  to_address: z.string().nullable(),
  order_no: z.string().nullable().describe('The order it was late for, or whose rule refused it'),
  order_player: playerRef.nullable(),
  likely_player: playerRef
    .nullable()
    .describe('The one player this sender funded before; null when none or several'),
  status: z.enum(UNMATCHED_STATES),
  match_player: playerRef.nullable().describe('Credited (matched) or proposed (awaiting approval)'),
  requested_by: z.string().nullable().describe('Operator who asked for a match awaiting approval'),
  requested_at: isoTime.nullable(),
  note: z.string().nullable().describe("The resolving operator's reason"),
  resolved_by: z.string().nullable(),
  resolved_at: isoTime.nullable(),
  refund_reference: z.string().nullable(),
  needs_approval: z.boolean().describe('Matching this amount needs a second, different operator'),
  created_at: isoTime,
});
export const adminUnmatchedResult = listResult(adminUnmatched);

/**
 * POST /api/admin/deposits/unmatched/:id/match: credits the player once (ledger key derived from the
 * transfer). Above the approval amount it waits as awaiting_approval for a second, different operator.
 */
export const adminUnmatchedMatchRequest = z.strictObject({
  player_id: intField({ min: 1 }),
  reason: reasonField,
});
/**
 * POST /api/admin/deposits/unmatched/:id/approve (a different operator), /reject (back to the queue) and
 * /ignore (final): a reason only.
 */
export const adminUnmatchedDecisionRequest = z.strictObject({ reason: reasonField });
/**
 * POST /api/admin/deposits/unmatched/:id/refund: records that the money was sent back outside Koi (the
 * treasury wallet); `reference` names that transaction (TRON tx hash or the treasury's ticket).
 */
export const adminUnmatchedRefundRequest = z.strictObject({
  reference: requiredText(128).describe('Refund transaction hash or treasury reference'),
  reason: reasonField,
});
export const adminUnmatchedActionResult = adminUnmatched;

// ---------------------------------------------------------------------------------------------------------
// Watcher status

/** GET /api/admin/deposits/watcher: each address's cursor, last poll, lag and last error. */
export const adminWatcherAddress = z.object({
  address: z.string(),
  enabled: z.boolean(),
  min_timestamp: isoTime.nullable().describe("The cursor: TronGrid's min_timestamp"),
  fingerprint: z.boolean().describe('Mid-listing: the next page fingerprint is held'),
  last_block_time: isoTime.nullable().describe('Newest confirmed block time seen'),
  last_polled_at: isoTime.nullable(),
  last_success_at: isoTime.nullable(),
  lag_seconds: z.number().int().nullable().describe('now − last successful poll; null = never polled'),
  failures: z.number().int().describe('Consecutive failed polls'),
  last_error: z.string().nullable(),
  backoff_until: isoTime.nullable(),
});
export const adminWatcherResult = z.object({
  running: z.boolean().describe('A chain source is configured and the watch job is on'),
  interval_ms: z.number().int(),
  checked_at: isoTime,
  data: z.array(adminWatcherAddress),
});

export type AdminDepositAddress = z.infer<typeof adminDepositAddress>;
export type AdminDepositOrder = z.infer<typeof adminDepositOrder>;
export type AdminChainTransfer = z.infer<typeof adminChainTransfer>;
export type AdminUnmatched = z.infer<typeof adminUnmatched>;
export type AdminWatcherStatus = z.infer<typeof adminWatcherResult>;
