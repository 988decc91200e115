import { toMicro } from '@koi/ledger';
import { countRows, type Db } from '../../db/client';
import { reportDay } from '../../lib/time-range';
import {
  PeriodStatus,
  tournamentPeriods,
  tournamentPrizes,
  vipCategoryWeights,
  vipLevels,
  vipRebateRates,
  vipSettings,
} from './vip.schema';

/**
 * Demo VIP table: thresholds in lifetime weighted valid bets (USDT), level-up, month-end and daily check-in
 * rewards. VIP0 pays no check-in: a free daily credit for a bare account is what multi-accounting farms.
 */
export const DEMO_VIP_LEVELS: [threshold: string, levelUp: string, monthly: string, checkIn: string][] = [
  ['0', '0', '0', '0'],
  ['1000', '5', '2', '0.5'],
  ['5000', '18', '8', '1'],
  ['20000', '58', '28', '2'],
  ['50000', '128', '58', '3'],
  ['100000', '288', '128', '5'],
  ['300000', '588', '288', '8'],
  ['800000', '1288', '588', '12'],
  ['2000000', '2888', '1288', '18'],
  ['5000000', '5888', '2888', '28'],
  ['10000000', '12888', '5888', '38'],
];

/** Rebate rate in millionths by level, for slots/fishing/board (1, 3, 5) and live/sports/lottery/e-sports. */
const RATE_GAMES = (level: number) => 3_000 + level * 500;
const RATE_OTHER = (level: number) => 2_000 + level * 400;

/** Demo: near-certain-prone categories count less toward rebates and VIP (decision 36). */
export const DEMO_WEIGHTS: [category: number, bp: number][] = [
  [1, 10_000],
  [2, 5_000],
  [3, 10_000],
  [4, 8_000],
  [5, 10_000],
  [6, 8_000],
  [7, 5_000],
];

/**
 * The VIP table, rebate rates, weights and a running monthly tournament with a prize table, each only where
 * the operator has none yet (an operator's table is never overwritten).
 */
export async function seedVipDemo(db: Db, now: Date = new Date()): Promise<void> {
  await seedVipTable(db);
  await seedTournament(db, now);
}

/** The VIP table, rates, weights and settings, where the operator has none. */
export async function seedVipTable(db: Db): Promise<void> {
  if ((await countRows(db, vipLevels)) === 0) {
    await db.insert(vipLevels).values(
      DEMO_VIP_LEVELS.map(([threshold, levelUp, monthly, checkIn], level) => ({
        level,
        thresholdMicro: toMicro(threshold),
        levelUpRewardMicro: toMicro(levelUp),
        monthlyRewardMicro: toMicro(monthly),
        checkInRewardMicro: toMicro(checkIn),
      })),
    );
    await db.insert(vipRebateRates).values(
      DEMO_VIP_LEVELS.flatMap((_, level) =>
        [1, 2, 3, 4, 5, 6, 7].map((gameTypeId) => ({
          level,
          gameTypeId,
          ratePpm: [1, 3, 5].includes(gameTypeId) ? RATE_GAMES(level) : RATE_OTHER(level),
        })),
      ),
    );
  }
  await db
    .insert(vipCategoryWeights)
    .values(DEMO_WEIGHTS.map(([gameTypeId, weightBp]) => ({ gameTypeId, weightBp })))
    .onConflictDoNothing();
  await db.insert(vipSettings).values({ id: 1 }).onConflictDoNothing();
}

/** This month's tournament with a prize table, when there is no period at all. */
export async function seedTournament(db: Db, now: Date): Promise<void> {
  if ((await countRows(db, tournamentPeriods)) === 0) {
    const today = reportDay(now);
    const month = today.slice(0, 7);
    const nextMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
    const last = new Date(nextMonth.getTime() - 86_400_000).toISOString().slice(0, 10);
    const [period] = await db
      .insert(tournamentPeriods)
      .values({
        name: `${Number(month.slice(5, 7))}月大师赛`,
        startDay: `${month}-01`,
        endDay: last,
        topN: 20,
        turnoverCentis: 100,
        status: PeriodStatus.OPEN,
        createdAt: now,
      })
      .returning();
    const prizes = ['8888', '3888', '1888', '888', '588', '388', '288', '188', '128', '88'];
    await db
      .insert(tournamentPrizes)
      .values(
        prizes.map((amount, i) => ({ periodId: period!.id, rank: i + 1, amountMicro: toMicro(amount) })),
      );
  }
}
