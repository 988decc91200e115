import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDiceParams, diceRoll } from './dice';
import { FairError } from './errors';
import { checkParams, mineTilesFor, minesCashout, settle, verify, type GameName } from './games';
import { checkLimboParams, limboResult } from './limbo';
import { binomial, checkMinesParams, minePositions, minesMultiplier, revealTile } from './mines';
import { formatRational } from './money';
import { newServerSeed, nodeHash } from './node';
import { generateFloats, hashServerSeed } from './rng';

const USDT = 1_000_000n;
const SEEDS = {
  serverSeed: 'b6b5c1b4c06ae0fbf3b7e44fbb3f3d4e9d5a52e1d1e7a0c4e6b9f2d8a3c5e7f1',
  clientSeed: 'koi-player-1',
  nonce: 1,
};

const refusal = (game: GameName, params: unknown) => {
  const checked = checkParams(game, params);
  return checked.ok ? 'accepted' : checked.reason;
};

describe('dice', () => {
  it('rolls floor(float × 10001) / 100, from 0.00 to 100.00', () => {
    expect(diceRoll(0)).toBe(0);
    expect(diceRoll(0.5)).toBe(5000);
    expect(diceRoll((2 ** 32 - 1) / 2 ** 32)).toBe(10_000);
    const [float] = generateFloats({ ...SEEDS, count: 1 });
    const round = settle('dice', { target: 50, direction: 'under' }, USDT, SEEDS);
    expect(round.outcome.rollHundredths).toBe(Math.floor(float! * 10001));
    expect(round.outcome.roll).toBe((Math.floor(float! * 10001) / 100).toFixed(2));
  });

  it('pays (1 − edge) / chance: 2× at 49.50 %, rounded down to the micro', () => {
    const round = settle('dice', { target: '49.5', direction: 'under' }, 3n, SEEDS);
    expect(round.multiplierText).toBe('2.0000');
    expect(round.outcome.winChance).toBe('49.50');
    const odd = settle('dice', { target: '33', direction: 'under' }, 1n, SEEDS);
    expect(odd.multiplier).toEqual({ numerator: 3n, denominator: 1n }); // 9900 / 3300, reduced
    expect(formatRational(odd.multiplier)).toBe('3.0000');
    // 9900 / 4001 = 2.47438…: one micro pays 2 micro, never 3.
    const third = settle('dice', { target: 40.01, direction: 'under' }, 1n, SEEDS, { houseEdgeBp: 100 });
    expect(third.multiplierText).toBe('2.4743');
    if (third.win) expect(third.payoutMicro).toBe(2n);
  });

  it('wins over when the roll is above the target and under when below; equal loses both ways', () => {
    const { rollHundredths } = settle('dice', { target: 50, direction: 'under' }, USDT, SEEDS).outcome;
    const at = (rollHundredths / 100).toFixed(2);
    if (rollHundredths >= 200 && rollHundredths <= 9800) {
      expect(settle('dice', { target: at, direction: 'over' }, USDT, SEEDS).win).toBe(false);
      expect(settle('dice', { target: at, direction: 'under' }, USDT, SEEDS).win).toBe(false);
    }
    const below = Math.max(rollHundredths - 1, 200);
    if (below < rollHundredths) {
      const round = settle('dice', { target: (below / 100).toFixed(2), direction: 'over' }, USDT, SEEDS);
      expect(round.win).toBe(true);
      expect(round.payoutMicro).toBe((USDT * 9900n) / BigInt(10_000 - below));
    }
  });

  it.each([
    [{ target: 0, direction: 'under' }, '目标数值超出范围'],
    [{ target: '98.01', direction: 'under' }, '目标数值超出范围'],
    [{ target: '1.99', direction: 'over' }, '目标数值超出范围'],
    [{ target: 100, direction: 'over' }, '目标数值超出范围'],
    [{ target: '50.001', direction: 'over' }, '目标数值格式不正确'],
    [{ target: 'abc', direction: 'over' }, '目标数值格式不正确'],
    [{ target: 0.1 + 0.2, direction: 'over' }, '目标数值格式不正确'],
    [{ target: -5, direction: 'under' }, '目标数值格式不正确'],
    [{ target: 50, direction: 'sideways' }, '方向必须是'],
    [{ target: 50 }, '方向必须是'],
    [null, '缺少游戏参数'],
  ])('refuses %j', (params, message) => {
    expect(refusal('dice', params)).toContain(message);
  });

  it('accepts the edges of the range: 0.01 and 98 under, 2 and 99.99 over', () => {
    expect(checkDiceParams({ target: '0.01', direction: 'under' }).ok).toBe(true);
    expect(checkDiceParams({ target: 98, direction: 'under' }).ok).toBe(true);
    expect(checkDiceParams({ target: 2, direction: 'over' }).ok).toBe(true);
    expect(checkDiceParams({ target: '99.99', direction: 'over' }).ok).toBe(true);
  });
});

describe('limbo', () => {
  /** Stake's published expression, verbatim. */
  const stakeLimbo = (float: number) => {
    const floatPoint = (1e8 / (float * 1e8)) * 0.99;
    const crashPoint = Math.floor(floatPoint * 100) / 100;
    return Math.max(crashPoint, 1);
  };

  it('computes the crash point exactly as Stake publishes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 - 1 }), (n) => {
        const float = n / 2 ** 32;
        if (stakeLimbo(float) < 1_000_000) expect(limboResult(float, 100) / 100).toBe(stakeLimbo(float));
      }),
      { numRuns: 20_000 },
    );
    expect(limboResult(0.99, 100)).toBe(100);
    expect(limboResult(0.5, 100)).toBe(198);
    expect(limboResult(0, 100)).toBe(100_000_000);
    expect(limboResult(1 / 2 ** 32, 100)).toBe(100_000_000);
  });

  it('wins target × amount when the result reaches the target', () => {
    const round = settle('limbo', { target: '1.01' }, 10n * USDT, SEEDS);
    const result = round.outcome.resultHundredths;
    expect(round.outcome.result).toBe((result / 100).toFixed(2));
    const exact = settle('limbo', { target: Math.max(result, 101) / 100 }, 10n * USDT, SEEDS);
    expect(exact.win).toBe(result >= 101);
    if (exact.win) expect(exact.payoutMicro).toBe((10n * USDT * BigInt(result)) / 100n);
    const above = settle('limbo', { target: (result + 1) / 100 }, 10n * USDT, SEEDS);
    expect(above.win).toBe(false);
    expect(above.payoutMicro).toBe(0n);
    expect(above.profitMicro).toBe(-10n * USDT);
  });

  it.each([
    [{ target: 1 }, '目标数值超出范围'],
    [{ target: '1.00' }, '目标数值超出范围'],
    [{ target: '1000000.01' }, '目标数值超出范围'],
    [{ target: '2.005' }, '目标数值格式不正确'],
    [{ target: '1e3' }, '目标数值格式不正确'],
    [{}, '目标数值格式不正确'],
    ['2', '缺少游戏参数'],
  ])('refuses %j', (params, message) => {
    expect(refusal('limbo', params)).toContain(message);
  });

  it('accepts 1.01 up to 1,000,000', () => {
    expect(checkLimboParams({ target: 1.01 }).ok).toBe(true);
    expect(checkLimboParams({ target: '1000000' }).ok).toBe(true);
  });
});

describe('mines', () => {
  /** Stake's description, written independently: shuffle 0…24 by the floats, the first `mines` are mines. */
  const referenceMines = (floats: number[], mines: number) => {
    const tiles = [...Array(25).keys()];
    return floats.slice(0, mines).map((float, i) => tiles.splice(Math.floor(float * (25 - i)), 1)[0]);
  };

  it('places distinct mines by the Fisher–Yates draw of the round floats', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const mines = (nonce % 24) + 1;
      const floats = generateFloats({ ...SEEDS, nonce, count: 24 });
      const tiles = minePositions(floats, mines);
      expect(tiles).toEqual(referenceMines(floats, mines));
      expect(new Set(tiles).size).toBe(mines);
      for (const tile of tiles) expect(tile >= 0 && tile < 25).toBe(true);
      // Fewer mines use a prefix of the same draw, so the floats asked for do not change the answer.
      expect(minePositions(floats.slice(0, mines), mines)).toEqual(tiles);
    }
    expect(() => minePositions([0.5], 2)).toThrow(RangeError);
  });

  it('multiplies by (1 − edge) × C(25, k) / C(25 − m, k), as Stake’s table shows', () => {
    expect(formatRational(minesMultiplier(3, 1, 100))).toBe('1.1250');
    expect(formatRational(minesMultiplier(1, 1, 100))).toBe('1.0312');
    expect(formatRational(minesMultiplier(24, 1, 100))).toBe('24.7500');
    expect(formatRational(minesMultiplier(3, 22, 100))).toBe(`${(0.99 * 2300).toFixed(4)}`);
    expect(minesMultiplier(5, 0, 0)).toEqual({ numerator: 1n, denominator: 1n });
    expect(binomial(25, 12)).toBe(5_200_300n);
    expect(() => minesMultiplier(3, 23, 100)).toThrow(RangeError);
    // Exactly (1 − edge) in expectation for every mines count and every number of reveals.
    for (let mines = 1; mines <= 24; mines++) {
      for (let k = 1; k <= 25 - mines; k++) {
        const m = minesMultiplier(mines, k, 100);
        const survival = { numerator: binomial(25 - mines, k), denominator: binomial(25, k) };
        expect(m.numerator * survival.numerator * 100n).toBe(m.denominator * survival.denominator * 99n);
      }
    }
  });

  it('checks reveals one by one and pays the cash-out rounded down', () => {
    const floats = generateFloats({ ...SEEDS, count: 3 });
    const mineTiles = minePositions(floats, 3);
    const safe = [...Array(25).keys()].filter((tile) => !mineTiles.includes(tile));
    expect(revealTile(mineTiles, [], safe[0])).toEqual({ ok: true, value: { tile: safe[0], safe: true } });
    expect(revealTile(mineTiles, [], mineTiles[0])).toEqual({
      ok: true,
      value: { tile: mineTiles[0], safe: false },
    });
    const again = revealTile(mineTiles, [safe[0]!], safe[0]);
    expect(!again.ok && again.reason).toContain('这个格子已经翻开');
    const outside = revealTile(mineTiles, [], 25);
    expect(!outside.ok && outside.reason).toContain('格子编号');
    expect(revealTile(mineTiles, safe, mineTiles[0]).ok).toBe(false);
    expect(minesCashout(1n, 3, 1).payoutMicro).toBe(1n);
    expect(minesCashout(7n, 3, 1).payoutMicro).toBe(7n); // 7 × 1.125 = 7.875, rounded down
    expect(minesCashout(USDT, 24, 1, { maxPayoutMicro: 10n * USDT })).toMatchObject({
      payoutMicro: 10n * USDT,
      capped: true,
    });
    expect(() => minesCashout(USDT, 3, 0)).toThrow(FairError);
  });

  it('settles a whole round: a mine ends it, otherwise the last reveal is cashed out', () => {
    const floats = generateFloats({ ...SEEDS, count: 5 });
    const mineTiles = minePositions(floats, 5);
    expect(mineTilesFor(SEEDS, 5)).toEqual(mineTiles);
    expect(mineTilesFor(SEEDS, 5, nodeHash)).toEqual(mineTiles);
    expect(() => mineTilesFor(SEEDS, 0)).toThrow('地雷数量');
    const safe = [...Array(25).keys()].filter((tile) => !mineTiles.includes(tile));
    const won = settle('mines', { mines: 5, picks: safe.slice(0, 4) }, USDT, SEEDS);
    expect(won.win).toBe(true);
    expect(won.outcome).toMatchObject({ mineTiles, safeReveals: 4, hitTile: null });
    expect(won.payoutMicro).toBe(minesCashout(USDT, 5, 4).payoutMicro);
    const lost = settle('mines', { mines: 5, picks: [safe[0]!, mineTiles[2]!, safe[1]!] }, USDT, SEEDS);
    expect(lost).toMatchObject({ win: false, payoutMicro: 0n, profitMicro: -USDT });
    expect(lost.outcome).toMatchObject({ safeReveals: 1, hitTile: mineTiles[2] });
  });

  it.each([
    [{ mines: 0, picks: [1] }, '地雷数量必须在1到24之间'],
    [{ mines: 25, picks: [1] }, '地雷数量必须在1到24之间'],
    [{ mines: 2.5, picks: [1] }, '地雷数量必须在1到24之间'],
    [{ mines: 3, picks: [] }, '翻开的格子数量不正确'],
    [{ mines: 3, picks: [...Array(23).keys()] }, '翻开的格子数量不正确'],
    [{ mines: 3, picks: [1, 1] }, '同一个格子不能翻开两次'],
    [{ mines: 3, picks: [25] }, '格子编号必须是0到24之间的整数'],
    [{ mines: 3, picks: ['1'] }, '格子编号必须是0到24之间的整数'],
    [{ mines: 3, picks: 'all' }, '格子编号必须是0到24之间的整数'],
    [{ mines: 3 }, '格子编号必须是0到24之间的整数'],
  ])('refuses %j', (params, message) => {
    expect(refusal('mines', params)).toContain(message);
  });

  it('accepts 1 to 25 − mines picks', () => {
    expect(checkMinesParams({ mines: 24, picks: [0] }).ok).toBe(true);
    expect(checkMinesParams({ mines: 1, picks: [...Array(24).keys()] }).ok).toBe(true);
  });
});

describe('settle', () => {
  it('refuses a bad amount, game, seeds or options', () => {
    const dice = { target: 50, direction: 'under' } as const;
    expect(() => settle('dice', dice, 0n, SEEDS)).toThrow('投注金额必须大于0');
    expect(() => settle('dice', dice, -1n, SEEDS)).toThrow(FairError);
    expect(() => settle('dice', dice, 1 as unknown as bigint, SEEDS)).toThrow(FairError);
    expect(() => settle('roulette' as GameName, dice, USDT, SEEDS)).toThrow('未知的游戏');
    expect(() => settle('dice', dice, USDT, { ...SEEDS, nonce: -1 })).toThrow('nonce');
    expect(() => settle('dice', dice, USDT, SEEDS, { houseEdgeBp: 5001 })).toThrow('庄家优势');
    expect(() => settle('dice', dice, USDT, SEEDS, { houseEdgeBp: 1.5 })).toThrow('庄家优势');
    expect(() => settle('dice', dice, USDT, SEEDS, { maxPayoutMicro: 0n })).toThrow('最高派彩');
    try {
      settle('limbo', { target: 1 }, USDT, SEEDS);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FairError);
      expect((error as FairError).problem).toBe('target_out_of_range');
    }
  });

  it('carries what a round needs on screen, and not the server seed', () => {
    const round = settle('dice', { target: 50, direction: 'over' }, USDT, SEEDS);
    expect(round).toMatchObject({
      game: 'dice',
      clientSeed: SEEDS.clientSeed,
      nonce: SEEDS.nonce,
      serverSeedHash: hashServerSeed(SEEDS.serverSeed),
      houseEdgeBp: 100,
      amountMicro: USDT,
    });
    expect(
      JSON.stringify(round, (_, value) => (typeof value === 'bigint' ? `${value}` : value)),
    ).not.toContain(SEEDS.serverSeed);
  });

  it('never pays more than the maximum payout, never less than 0, and rounds down', () => {
    const game = fc.oneof(
      fc.record({
        game: fc.constant('dice' as const),
        params: fc.record({
          target: fc.integer({ min: 200, max: 9800 }).map((h) => h / 100),
          direction: fc.constantFrom('over' as const, 'under' as const),
        }),
      }),
      fc.record({
        game: fc.constant('limbo' as const),
        params: fc.record({ target: fc.integer({ min: 101, max: 100_000 }).map((h) => h / 100) }),
      }),
      fc.record({
        game: fc.constant('mines' as const),
        params: fc.integer({ min: 1, max: 24 }).chain((mines) =>
          fc.record({
            mines: fc.constant(mines),
            picks: fc.uniqueArray(fc.integer({ min: 0, max: 24 }), { minLength: 1, maxLength: 25 - mines }),
          }),
        ),
      }),
    );
    fc.assert(
      fc.property(
        game,
        fc.bigInt({ min: 1n, max: 1_000_000n * USDT }),
        fc.bigInt({ min: 1n, max: 100_000n * USDT }),
        fc.nat({ max: 1_000_000 }),
        ({ game: name, params }, amountMicro, maxPayoutMicro, nonce) => {
          const round = settle(name, params as never, amountMicro, { ...SEEDS, nonce }, { maxPayoutMicro });
          expect(round.payoutMicro >= 0n).toBe(true);
          expect(round.payoutMicro <= maxPayoutMicro).toBe(true);
          expect(round.profitMicro).toBe(round.payoutMicro - amountMicro);
          const uncapped = (amountMicro * round.multiplier.numerator) / round.multiplier.denominator;
          if (!round.win) expect(round.payoutMicro).toBe(0n);
          else expect(round.payoutMicro).toBe(uncapped > maxPayoutMicro ? maxPayoutMicro : uncapped);
          expect(round.capped).toBe(round.win && uncapped > maxPayoutMicro);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('lets the house edge be configured', () => {
    const zero = settle('dice', { target: 50, direction: 'under' }, USDT, SEEDS, { houseEdgeBp: 0 });
    expect(zero.multiplierText).toBe('2.0000');
    const two = settle('mines', { mines: 3, picks: [0] }, USDT, SEEDS, { houseEdgeBp: 200 });
    expect(two.multiplierText).toBe('1.1136'); // 0.98 × 25 / 22
    expect(limboResult(0.5, 0)).toBe(200);
  });
});

describe('verify', () => {
  it('reproduces every outcome from the revealed seed, with either hash implementation', () => {
    const serverSeed = newServerSeed();
    const serverSeedHash = hashServerSeed(serverSeed);
    const cases = [
      ['dice', { target: '49.5', direction: 'over' }],
      ['dice', { target: 10, direction: 'under' }],
      ['limbo', { target: 2 }],
      ['limbo', { target: '1.5' }],
      ['mines', { mines: 3, picks: [0, 6, 12, 18, 24] }],
      ['mines', { mines: 24, picks: [7] }],
    ] as const;
    for (let nonce = 0; nonce < 300; nonce++) {
      for (const [game, params] of cases) {
        const seeds = { serverSeed, clientSeed: `player-${nonce % 7}`, nonce };
        const round = settle(game, params as never, 5n * USDT, seeds, { hash: nodeHash });
        expect(round.serverSeedHash).toBe(serverSeedHash);
        const revealed = { ...seeds, serverSeedHash };
        const checked = verify(game, params as never, revealed);
        if (!checked.ok) throw new Error(checked.reason);
        const { amountMicro: _a, payoutMicro: _p, profitMicro: _r, capped: _c, ...play } = round;
        expect(checked.value).toEqual(play);
        const withAmount = verify(game, params as never, revealed, { amountMicro: 5n * USDT });
        expect(withAmount).toEqual({ ok: true, value: round });
      }
    }
  });

  it('refuses a server seed that does not match the published hash, and bad input, without throwing', () => {
    const serverSeed = newServerSeed();
    const params = { target: 50, direction: 'under' } as const;
    const wrong = verify('dice', params, {
      serverSeed,
      serverSeedHash: hashServerSeed(newServerSeed()),
      clientSeed: 'a',
      nonce: 0,
    });
    expect(wrong).toMatchObject({ ok: false, problem: 'server_seed_hash_mismatch' });
    expect(!wrong.ok && wrong.reason).toContain('服务器种子与公布的哈希不符');
    expect(verify('dice', params, { serverSeed: 'nope', clientSeed: 'a', nonce: 0 })).toMatchObject({
      ok: false,
      problem: 'server_seed_invalid',
    });
    expect(
      verify('dice', { target: 99, direction: 'under' }, { serverSeed, clientSeed: 'a', nonce: 0 }),
    ).toMatchObject({ ok: false, problem: 'target_out_of_range' });
    expect(verify('dice', params, { serverSeed, clientSeed: '', nonce: 0 })).toMatchObject({
      ok: false,
      problem: 'client_seed_invalid',
    });
    expect(
      verify('dice', params, { serverSeed, clientSeed: 'a', nonce: 0 }, { amountMicro: 0n }),
    ).toMatchObject({ ok: false, problem: 'amount_invalid' });
  });
});
