import { z } from 'zod';
import { isoTime } from '../common';

// Dashboard (any signed-in operator)

const seriesPoint = z.object({
  date: z.string().describe("Report day (UTC+8, the players' day), YYYY-MM-DD"),
  registrations: z.number().int(),
  deposits: z.string(),
  withdrawals: z.string(),
  bets: z.string().describe('Stakes'),
  ggr: z.string().describe('Gross gaming revenue: stakes − wins + rollbacks reversed, signed'),
});
/** GET /api/admin/dashboard */
export const adminDashboardResult = z.object({
  today: seriesPoint,
  last_7_days: z.array(seriesPoint).describe('Oldest first, today last'),
  pending: z.object({
    adjustments: z.number().int(),
    withdrawals: z.number().int().describe('Pending withdrawal holds in the ledger'),
    deposits: z.number().int(),
  }),
  last_ledger_check: z
    .object({ at: isoTime, ok: z.boolean(), by: z.string().nullable(), violations: z.number().int() })
    .nullable(),
  players: z.object({ total: z.number().int(), frozen: z.number().int() }),
});
export type AdminDashboard = z.infer<typeof adminDashboardResult>;
