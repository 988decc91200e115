import { describe, expect, it } from 'vitest';
import { generateFloats, hashServerSeed } from '@koi/fair';
import { toMicro } from '@koi/ledger';
import {
  evaluate,
  parseRules,
  periodOf,
  pickWeighted,
  previousPeriod,
  templateJsonSchemas,
  TEMPLATE_NAMES,
  TYPE_TEMPLATE,
  type Facts,
} from './rules';

const signed = (text: string) => (text.startsWith('-') ? -toMicro(text.slice(1)) : toMicro(text));

/** Facts a test sets by hand: each template must read only what it is given here. */
function facts(over: Partial<Facts> & { stake?: string; result?: string; now?: Date } = {}): Facts {
  const now = over.now ?? new Date('2026-03-18T06:00:00Z'); // a Wednesday, 14:00 in UTC+8
  return {
    now,
    player: { id: 7, createdAt: new Date(now.getTime() - 86_400_000), vipLevel: 0, invited: false },
    validBets: async () => ({
      stakeMicro: toMicro(over.stake ?? '0'),
      resultMicro: signed(over.result ?? '0'),
    }),
    deposits: async () => [],
    bestHit: async () => null,
    claimedKeys: async () => new Set(),
    luckDraw: async () => ({ index: 0, serverSeedHash: 'h', float: 0 }),
    ...over,
  };
}
const terms = { multiple_centis: 1000, max_bet: null, max_win: null, expiry_days: 30 };

describe('promotion templates', () => {
  it('pays every spec type 1–13 with a template whose schema exports as JSON Schema for the console', () => {
    expect(Object.keys(TYPE_TEMPLATE).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const schemas = templateJsonSchemas();
    for (const name of TEMPLATE_NAMES) expect(schemas[name]).toMatchObject({ type: 'object' });
  });

  it('deposit match: nothing below the minimum, the percentage at it, the cap above', async () => {
    const rules = { deposit: 'first', percent_bp: 10_000, min_deposit: '20', max_bonus: '50', terms };
    const dep = (amount: string) =>
      facts({ deposits: async () => [{ id: '1', amountMicro: toMicro(amount), at: new Date() }] });
    expect((await evaluate('deposit_match', rules, facts())).refusal?.key).toBe('PROMOTION_NOT_REACHED');
    expect((await evaluate('deposit_match', rules, dep('19.999999'))).refusal?.key).toBe(
      'PROMOTION_NOT_REACHED',
    );
    const at = await evaluate('deposit_match', rules, dep('20'));
    expect(at).toMatchObject({ refusal: null, amountMicro: toMicro('20'), periodKey: 'once' });
    expect((await evaluate('deposit_match', rules, dep('50'))).amountMicro).toBe(toMicro('50'));
    expect((await evaluate('deposit_match', rules, dep('1000'))).amountMicro).toBe(toMicro('50'));
    // The daily variant's period is the UTC+8 day.
    expect((await evaluate('deposit_match', { ...rules, deposit: 'daily_first' }, dep('30'))).periodKey).toBe(
      '2026-03-18',
    );
  });

  it('turnover tiers: the highest tier reached in the finished period, exactly at its threshold', async () => {
    const rules = {
      window: 'day',
      categories: [3],
      tiers: [
        { min_valid_bet: '100', reward: '5' },
        { min_valid_bet: '500', reward: '30' },
      ],
      terms,
    };
    expect((await evaluate('turnover_tiers', rules, facts({ stake: '99.999999' }))).refusal?.key).toBe(
      'PROMOTION_NOT_REACHED',
    );
    expect(await evaluate('turnover_tiers', rules, facts({ stake: '100' }))).toMatchObject({
      amountMicro: toMicro('5'),
      periodKey: '2026-03-17',
    });
    expect((await evaluate('turnover_tiers', rules, facts({ stake: '499.999999' }))).amountMicro).toBe(
      toMicro('5'),
    );
    expect((await evaluate('turnover_tiers', rules, facts({ stake: '500' }))).amountMicro).toBe(
      toMicro('30'),
    );
    expect(() => parseRules('turnover_tiers', { ...rules, tiers: [...rules.tiers].reverse() })).toThrow();
  });

  it('loss rescue: a percentage of the net loss from the minimum loss up, capped; a win pays nothing', async () => {
    const rules = { window: 'day', categories: [], min_loss: '50', percent_bp: 1000, max_bonus: '20', terms };
    expect((await evaluate('loss_rescue', rules, facts({ result: '-49.999999' }))).refusal?.key).toBe(
      'PROMOTION_NOT_REACHED',
    );
    expect((await evaluate('loss_rescue', rules, facts({ result: '-50' }))).amountMicro).toBe(toMicro('5'));
    expect((await evaluate('loss_rescue', rules, facts({ result: '-1000' }))).amountMicro).toBe(
      toMicro('20'),
    );
    expect((await evaluate('loss_rescue', rules, facts({ result: '80' }))).refusal?.key).toBe(
      'PROMOTION_NOT_REACHED',
    );
  });

  it('multiplier hit: a round at exactly the multiplier pays, one below does not', async () => {
    const rules = { categories: [5], min_multiplier_centis: 5000, max_stake: '2', reward: '8', terms };
    const hit = (stake: string, payout: string) =>
      facts({
        bestHit: async () => ({ roundId: 'r', stakeMicro: toMicro(stake), payoutMicro: toMicro(payout) }),
      });
    expect((await evaluate('multiplier_hit', rules, hit('2', '99.99'))).refusal?.key).toBe(
      'PROMOTION_NOT_REACHED',
    );
    expect(await evaluate('multiplier_hit', rules, hit('2', '100'))).toMatchObject({
      refusal: null,
      amountMicro: toMicro('8'),
    });
    // The stake limit is the feed's query (bestHit is asked for rounds at a stake ≤ max_stake).
    let asked = 0n;
    await evaluate(
      'multiplier_hit',
      rules,
      facts({ bestHit: async (_f, _t, _c, max) => ((asked = max), null) }),
    );
    expect(asked).toBe(toMicro('2'));
  });

  it('switch-over trial: for new players up to the day limit, once', async () => {
    const rules = { amount: '8', new_player_days: 3, terms };
    const now = new Date('2026-03-18T06:00:00Z');
    const aged = (ms: number) =>
      facts({ now, player: { id: 1, createdAt: new Date(now.getTime() - ms), vipLevel: 0, invited: false } });
    expect(await evaluate('trial', rules, aged(3 * 86_400_000))).toMatchObject({
      amountMicro: toMicro('8'),
      periodKey: 'once',
    });
    expect((await evaluate('trial', rules, aged(3 * 86_400_000 + 1))).refusal?.key).toBe(
      'PROMOTION_NEW_PLAYERS_ONLY',
    );
  });

  it('check-in: the streak day follows consecutive claims and wraps after the table', async () => {
    const rules = { min_valid_bet: '10', rewards: ['1', '2', '3'], terms };
    const claimed = (days: string[]) => facts({ stake: '10', claimedKeys: async () => new Set(days) });
    expect((await evaluate('check_in', rules, claimed([]))).amountMicro).toBe(toMicro('1'));
    expect((await evaluate('check_in', rules, claimed(['2026-03-17']))).amountMicro).toBe(toMicro('2'));
    expect((await evaluate('check_in', rules, claimed(['2026-03-17', '2026-03-16']))).amountMicro).toBe(
      toMicro('3'),
    );
    expect(
      (await evaluate('check_in', rules, claimed(['2026-03-17', '2026-03-16', '2026-03-15']))).amountMicro,
    ).toBe(toMicro('1'));
    // A gap breaks the streak.
    expect((await evaluate('check_in', rules, claimed(['2026-03-16']))).amountMicro).toBe(toMicro('1'));
    expect((await evaluate('check_in', rules, facts({ stake: '9.999999' }))).refusal?.key).toBe(
      'PROMOTION_NOT_REACHED',
    );
  });

  it('daily luck: the prize is the weighted pick of the committed seed’s float, recomputable with packages/fair', async () => {
    const serverSeed = 'a'.repeat(64);
    const rules = {
      min_valid_bet: '0',
      prizes: [
        { amount: '1', weight: 90 },
        { amount: '88', weight: 10 },
      ],
      terms,
    };
    const draw: Facts['luckDraw'] = async (_day, weights) => {
      const [float] = generateFloats({ serverSeed, clientSeed: 'koi-luck-7', nonce: 0, count: 1 });
      return {
        index: pickWeighted(weights, float!),
        serverSeedHash: hashServerSeed(serverSeed),
        float: float!,
      };
    };
    const ev = await evaluate('daily_luck', rules, facts({ luckDraw: draw }));
    const [float] = generateFloats({ serverSeed, clientSeed: 'koi-luck-7', nonce: 0, count: 1 });
    expect(ev.amountMicro).toBe(toMicro(float! < 0.9 ? '1' : '88'));
    expect(ev.basis).toMatchObject({ server_seed_hash: hashServerSeed(serverSeed) });
    expect(pickWeighted([90, 10], 0.8999)).toBe(0);
    expect(pickWeighted([90, 10], 0.9)).toBe(1);
    expect(pickWeighted([90, 10], 0.999999)).toBe(1);
  });

  it('everyone-an-agent is information, never a claim', async () => {
    expect((await evaluate('agent', {}, facts())).refusal?.key).toBe('PROMOTION_NOT_CLAIMABLE');
  });

  it('periods are UTC+8 days, Monday weeks and months', () => {
    const at = new Date('2026-03-18T17:00:00Z'); // Thursday 01:00 in UTC+8
    expect(periodOf('day', at).key).toBe('2026-03-19');
    expect(periodOf('week', at)).toMatchObject({
      key: 'W2026-03-16',
      from: new Date('2026-03-15T16:00:00Z'),
    });
    expect(periodOf('month', at)).toMatchObject({ key: '2026-03', to: new Date('2026-03-31T16:00:00Z') });
    expect(previousPeriod('month', at).key).toBe('2026-02');
    expect(previousPeriod('week', at).key).toBe('W2026-03-09');
  });

  it('refuses rules that do not fit the template', () => {
    expect(() =>
      parseRules('deposit_match', {
        deposit: 'first',
        percent_bp: 100,
        min_deposit: '1.1234567',
        max_bonus: '5',
      }),
    ).toThrow();
    expect(() => parseRules('trial', { amount: '0', new_player_days: 3 })).toThrow();
    expect(() => parseRules('trial', { amount: '5', new_player_days: 3, extra: 1 })).toThrow();
  });
});
