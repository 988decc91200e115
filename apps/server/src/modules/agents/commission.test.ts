import { describe, expect, it } from 'vitest';
import { toMicro } from '@koi/ledger';
import { betsHash, computeDay, statementCsv, type Tier } from './commission';

const SLOTS = 5;
/** Category 5 (slots) at 0.2 % from 0, 0.5 % from 1,000 and 1 % from 5,000 USDT of team valid bets a day. */
const tiers = (l1: number, l2: number, l3: number): Tier[] => [
  { level: 1, minTeamMicro: 0n, ratesPpm: [0, 0, 0, 0, l1, 0, 0] },
  { level: 2, minTeamMicro: toMicro('1000'), ratesPpm: [0, 0, 0, 0, l2, 0, 0] },
  { level: 3, minTeamMicro: toMicro('5000'), ratesPpm: [0, 0, 0, 0, l3, 0, 0] },
];
const slots = (playerId: number, usdt: string) => ({
  playerId,
  gameTypeId: SLOTS,
  stakeMicro: toMicro(usdt),
});

describe('the unlimited-level differential', () => {
  // A (1) ← B (2) ← C (3) ← D (4), and B2 (5) under A.
  const uplines = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, 3],
    [5, 1],
  ]);

  it('pays a 4-level tree what the hand computation gives', () => {
    const day = computeDay({
      uplines,
      tiers: tiers(2_000, 5_000, 10_000),
      // A's own 10,000 count for nobody: nobody earns on their own play.
      stakes: [slots(1, '10000'), slots(2, '3000'), slots(3, '1000'), slots(4, '2000'), slots(5, '500')],
    });
    // D has no team: no statement.
    expect(day.has(4)).toBe(false);
    // C: team 2,000 → level 2 (0.5 %): 2,000 × 0.5 % − 0 × 0.2 % = 10.
    expect(day.get(3)).toMatchObject({
      level: 2,
      teamMicro: toMicro('2000'),
      commissionMicro: toMicro('10'),
    });
    // B: team 1,000 + 2,000 = 3,000 → level 2: 3,000 × 0.5 % − 2,000 × 0.5 % = 5.
    expect(day.get(2)).toMatchObject({ level: 2, teamMicro: toMicro('3000'), commissionMicro: toMicro('5') });
    // A: team 3,000 + 3,000 + 500 = 6,500 → level 3 (1 %): 6,500 × 1 % − 3,000 × 0.5 % − 0 = 50.
    expect(day.get(1)).toMatchObject({
      level: 3,
      teamMicro: toMicro('6500'),
      commissionMicro: toMicro('50'),
    });
    // The chain pays out the top rate on every stake below A, split by differential: 10 + 5 + 50 = 6,500 × 1 %.
    expect([...day.values()].reduce((a, d) => a + d.commissionMicro, 0n)).toBe(toMicro('65'));
    expect(day.get(1)!.lines.map((l) => [l.downlineId, l.differentialMicro])).toEqual([
      [2, toMicro('45')],
      [5, toMicro('5')],
    ]);
  });

  it('pays an upline nothing, never a negative amount, under a downline with a higher rate', () => {
    // A tier table whose slots rate falls at level 3: B (level 2, 1 %) earns more per stake than A (level 3, 0.5 %).
    // A (1) ← B (2) ← C (3), on that tier table, for two days' stakes.
    const dayOf = (stakes: ReturnType<typeof slots>[]) =>
      computeDay({
        uplines: new Map<number, number | null>([
          [1, null],
          [2, 1],
          [3, 2],
        ]),
        tiers: tiers(2_000, 10_000, 5_000),
        stakes,
      });
    const day = dayOf([slots(2, '4000'), slots(3, '2000')]);
    // B: team 2,000 → level 2 at 1 % = 20.
    expect(day.get(2)!.commissionMicro).toBe(toMicro('20'));
    // A: team 6,000 → level 3 at 0.5 %: 6,000 × 0.5 % − 2,000 × 1 % = 30 − 20 = 10 …
    expect(day.get(1)!.commissionMicro).toBe(toMicro('10'));
    // … and with B's team bigger, the formula goes below 0 and A gets 0.
    const worse = dayOf([slots(2, '500'), slots(3, '4600')]);
    // B: team 4,600 → 1 % = 46; A: team 5,100 → 0.5 % = 25.5 − 46 = −20.5 → 0.
    expect(worse.get(2)!.commissionMicro).toBe(toMicro('46'));
    expect(worse.get(1)!.lines[0]!.differentialMicro).toBe(-toMicro('20.5'));
    expect(worse.get(1)!.commissionMicro).toBe(0n);
  });

  it('floors each product to a whole micro-USDT and writes the same CSV for the same inputs', () => {
    const day = computeDay({
      uplines: new Map<number, number | null>([
        [1, null],
        [2, 1],
      ]),
      tiers: tiers(3_333, 5_000, 10_000),
      stakes: [{ playerId: 2, gameTypeId: SLOTS, stakeMicro: 1_000_001n }],
    });
    // 1.000001 × 0.3333 % = 0.0033330033… → 3333 micro.
    expect(day.get(1)!.commissionMicro).toBe(3_333n);
    const csv = statementCsv({ ...day.get(1)!, day: '2026-01-01' });
    expect(csv).toBe(
      'agent_id,day,level,downline_id,category,branch_valid,own_rate,own_part,downline_team_valid,downline_rate,downline_part,differential\n' +
        '1,2026-01-01,1,2,5,1.000001,0.003333,0.003333,0.000000,0.003333,0.000000,0.003333\n' +
        '1,2026-01-01,1,total,,1.000001,,,,,,0.003333\n',
    );
    expect(betsHash([3, 1, 2])).toBe(betsHash([1, 2, 3]));
  });

  it('ignores members cut off from every root (a cycle can never be paid)', () => {
    const day = computeDay({
      uplines: new Map<number, number | null>([
        [1, 2],
        [2, 1],
      ]),
      tiers: tiers(2_000, 5_000, 10_000),
      stakes: [slots(1, '100'), slots(2, '100')],
    });
    expect(day.size).toBe(0);
  });
});
