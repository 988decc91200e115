import type { DbOrTx } from '../../db/client';
import { agentTiers } from './agents.schema';

/**
 * The demo tier table (SEED_DEMO): five levels of team valid bets per UTC+8 day, with the common shape of the
 * market's 全民代理 tables (slots and fishing pay most, sports and lottery least). Inserted only into an empty
 * table, so an operator's own table is never overwritten.
 */
export const DEMO_AGENT_TIERS: { level: number; minTeamMicro: bigint; ratesPpm: number[] }[] = [
  // Categories: board, lottery, fishing, e-sports, slots, sports, live video.
  { level: 1, minTeamMicro: 0n, ratesPpm: [3_000, 1_000, 4_000, 2_000, 4_000, 2_000, 2_000] },
  { level: 2, minTeamMicro: 1_000_000_000n, ratesPpm: [4_000, 1_500, 5_000, 3_000, 5_000, 3_000, 3_000] },
  { level: 3, minTeamMicro: 5_000_000_000n, ratesPpm: [5_000, 2_000, 6_500, 4_000, 6_500, 4_000, 4_000] },
  { level: 4, minTeamMicro: 20_000_000_000n, ratesPpm: [6_000, 2_500, 8_000, 5_000, 8_000, 5_000, 5_000] },
  { level: 5, minTeamMicro: 100_000_000_000n, ratesPpm: [7_000, 3_000, 10_000, 6_000, 10_000, 6_000, 6_000] },
];

export async function seedAgentTiers(db: DbOrTx, at: Date): Promise<void> {
  const existing = await db.select({ level: agentTiers.level }).from(agentTiers).limit(1);
  if (existing.length) return;
  await db
    .insert(agentTiers)
    .values(DEMO_AGENT_TIERS.map((t) => ({ ...t, updatedAt: at })))
    .onConflictDoNothing();
}
