import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toMicro } from '@koi/ledger';
import { body, useTestApp } from '../../../test/app';
import { withdrawalsHarness } from '../withdrawals/withdrawals.fixtures';
import { boundariesOf, foldRemaining } from './turnover';
import { turnoverForTests } from './turnover.fixtures';

describe('the fold', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

  it('groups requirements written at the same time into one boundary', () => {
    expect(
      boundariesOf([
        { createdAt: at(1), requiredMicro: 5n },
        { createdAt: at(1), requiredMicro: 7n },
        { createdAt: at(2), requiredMicro: 3n },
      ]),
    ).toEqual({ boundaries: [at(1), at(2)], owedAt: [12n, 3n] });
  });

  it('does not bank bets against later requirements, nor count bets before the first', () => {
    // 30 owed, 50 bet before it: still 30. Then 40 bet (10 over), 20 more owed, 5 bet after: 15.
    expect(foldRemaining([30n, 20n], [50n, 40n, 5n])).toBe(15n);
    expect(foldRemaining([30n], [0n, 10n])).toBe(20n);
    expect(foldRemaining([30n], [0n, 31n])).toBe(0n);
  });
});

describe('turnover through the app', () => {
  const t = useTestApp();
  const h = withdrawalsHarness(() => t);

  it('requires the turnover of each deposit in settled bets; bets before it and rolled-back rounds do not count', async () => {
    const p = await h.player({ deposit: '100' });
    const { id } = await h.bind(p.auth);
    const tv = turnoverForTests(t.database, t.clock);
    const bet = async (amount: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/originals/dice/bet',
        headers: p.auth,
        payload: { idempotency_key: randomUUID(), amount, target: '50.50', direction: 'over' },
      });
      expect(body(res).code).toBe(200);
    };
    // A bet before the deposit is credited does not count toward it.
    await bet('5');
    t.clock.advance(1_000);
    const requireForDeposit = () =>
      tv.addRequirement({
        playerId: p.playerId,
        sourceType: 'deposit',
        sourceId: `d-${p.playerId}`,
        amountMicro: toMicro('30'),
      });
    expect(await requireForDeposit()).toBe(true);
    // The same deposit twice adds one requirement.
    expect(await requireForDeposit()).toBe(false);
    const refused = await h.apply(p.auth, { amount: '20', address_id: id });
    expect(refused).toMatchObject({ code: 5020, message: '还需完成30.000000 USDT有效投注（流水）才能提现' });
    t.clock.advance(1_000);
    await bet('10');
    await bet('10');
    const info = async () =>
      (await h.call<{ turnover_remaining: string }>(p.auth, 'info')).result.turnover_remaining;
    expect(await info()).toBe('10.000000');
    // A round rolled back (status 3) stops counting.
    await t.database.db.execute(
      sql`update bet_rounds set status = 3 where id = (select max(id) from bet_rounds where player_id = ${p.playerId})`,
    );
    expect(await info()).toBe('20.000000');
    t.clock.advance(1_000);
    await bet('25');
    expect(await info()).toBe('0.000000');
    // Extra bets are not banked against a later bonus (10×).
    t.clock.advance(1_000);
    await tv.addRequirement({
      playerId: p.playerId,
      sourceType: 'bonus',
      sourceId: `b-${p.playerId}`,
      amountMicro: toMicro('2'),
    });
    expect(await info()).toBe('20.000000');
    t.clock.advance(1_000);
    await bet('20');
    expect(await info()).toBe('0.000000');
    expect((await h.apply(p.auth, { amount: '10', address_id: id })).code).toBe(200);
    await h.ledgerClean();
  });
});
