import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toMicro } from '@koi/ledger';
import { useTestApp } from '../../../test/app';
import { testLeg } from '../../../test/db';
import { testConfig } from '../../config';
import { withdrawalsHarness } from './withdrawals.fixtures';

/**
 * Races against the real database through the HTTP routes. One app for the file and a fresh player per
 * round keep it fast enough to repeat the race many times. The repetitions are for the PostgreSQL leg, where
 * 50 connections really interleave; embedded PGlite has one connection, so its transactions run one after
 * another and a few rounds check the same answers there (100 rounds on both legs took five minutes of CI).
 */
const ROUNDS = testLeg() === 'postgres' ? 50 : 10;
const RACERS = 50;

describe('withdraw-apply races', () => {
  const t = useTestApp({
    withdrawals: {
      ...testConfig().withdrawals,
      dailyCount: 100,
      fee: { kind: 'fixed', micro: toMicro('1') },
    },
  });
  const h = withdrawalsHarness(() => t);

  it(`lets exactly one of ${RACERS} concurrent applications through when the balance covers one, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const p = await h.player({ deposit: '21' });
      const { id } = await h.bind(p.auth);
      const answers = await Promise.all(
        Array.from({ length: RACERS }, () => h.apply(p.auth, { amount: '20', address_id: id })),
      );
      const accepted = answers.filter((a) => a.code === 200);
      expect(accepted, `round ${round}`).toHaveLength(1);
      // Everyone else is refused by a rule, never by a server error: the balance, or a password check in flight.
      for (const a of answers) expect([200, 5021, 5015]).toContain(a.code);
      expect(await h.withdrawalCount(p.playerId)).toBe(1);
      expect(await h.balances(p.playerId)).toEqual({
        available: 0n,
        held: toMicro('21'),
        posted: toMicro('21'),
      });
    }
    await h.ledgerClean();
  }, 600_000);

  it(`answers ${RACERS} concurrent applications with one request_id with one withdrawal`, async () => {
    const p = await h.player({ deposit: '500' });
    const { id } = await h.bind(p.auth);
    const request_id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () => h.apply(p.auth, { amount: '20', address_id: id, request_id })),
    );
    const accepted = answers.filter((a) => a.code === 200);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(new Set(accepted.map((a) => a.result.id)).size).toBe(1);
    for (const a of answers) expect([200, 5015]).toContain(a.code);
    expect(await h.withdrawalCount(p.playerId)).toBe(1);
    expect(await h.balances(p.playerId)).toMatchObject({ held: toMicro('21'), available: toMicro('479') });
    // A retry after the race answers the same withdrawal.
    const retry = await h.apply(p.auth, { amount: '20', address_id: id, request_id });
    expect(retry.result.id).toBe(accepted[0]!.result.id);
    await h.ledgerClean();
  }, 120_000);
});
