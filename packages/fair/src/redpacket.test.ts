import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FairProblem } from './errors';
import { nodeHash } from './node';
import { generateFloats } from './rng';
import {
  checkMineDigit,
  mineDigitOf,
  mineHit,
  RED_PACKET_SHARE_MIN_MICRO,
  RED_PACKET_TOTAL_MICRO_MAX,
  redPacketSeedHash,
  splitRedPacket,
  verifyRedPacket,
  type RedPacketInput,
} from './redpacket';

const USDT = 1_000_000n;
const MIN = RED_PACKET_SHARE_MIN_MICRO;
const SERVER_SEED = 'b6b5c1b4c06ae0fbf3b7e44fbb3f3d4e9d5a52e1d1e7a0c4e6b9f2d8a3c5e7f1';
const PACKET: RedPacketInput = {
  serverSeed: SERVER_SEED,
  clientSeed: 'koi-player-1',
  packetId: 7,
  totalMicro: 10n * USDT,
  shares: 5,
};

const sum = (shares: readonly bigint[]): bigint => shares.reduce((total, share) => total + share, 0n);

/**
 * The split written again straight from the published formula with node:crypto, reading each float's
 * 32 bits as the big-endian integer of its 4 bytes and finding each bar's free slot as a fixed point
 * (s = r + 1 + the number of earlier bars at or below s) instead of a walk; it shares no code with the
 * implementation.
 */
function referenceSplit({ serverSeed, clientSeed, packetId, totalMicro, shares }: RedPacketInput): bigint[] {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < (shares - 1) * 8; round++) {
    bytes.push(...createHmac('sha256', serverSeed).update(`${clientSeed}:${packetId}:${round}`).digest());
  }
  const slots = totalMicro - BigInt(shares) * 10_000n + BigInt(shares) - 1n;
  const bars: bigint[] = [];
  for (let i = 0; i < shares - 1; i++) {
    const u = BigInt(`0x${Buffer.from(bytes.slice(i * 8, i * 8 + 8)).toString('hex')}`);
    const rank = (u * (slots - BigInt(i))) / 2n ** 64n + 1n;
    let slot = rank;
    for (;;) {
      const next = rank + BigInt(bars.filter((bar) => bar <= slot).length);
      if (next === slot) break;
      slot = next;
    }
    bars.push(slot);
  }
  const ends = [0n, ...bars.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), slots + 1n];
  return ends.slice(1).map((bar, k) => 10_000n + bar - ends[k]! - 1n);
}

const serverSeedArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => Buffer.from(b).toString('hex'));
const clientSeedArb = fc.stringMatching(/^[!-~][ -~]{0,63}$/);
/** Totals from the smallest allowed up to the largest, with small ones (where the minimum binds) common. */
const packetArb = fc.integer({ min: 5, max: 10 }).chain((shares) =>
  fc.record({
    serverSeed: serverSeedArb,
    clientSeed: clientSeedArb,
    packetId: fc.maxSafeNat(),
    shares: fc.constant(shares),
    totalMicro: fc.oneof(
      fc.bigInt({ min: BigInt(shares) * MIN, max: BigInt(shares) * MIN + 100n }),
      fc.bigInt({ min: BigInt(shares) * MIN, max: 10_000n * USDT }),
      fc.bigInt({ min: BigInt(shares) * MIN, max: RED_PACKET_TOTAL_MICRO_MAX }),
    ),
  }),
);

describe('splitRedPacket', () => {
  it('gives the worked example of the design note', () => {
    const serverSeed = createHash('sha256').update('koi red packet worked example').digest('hex');
    expect(serverSeed).toBe('07661f0c25a156a918da909baa640453a45423d87256412daa0e5e2158dda12b');
    expect(redPacketSeedHash(serverSeed)).toBe(
      '788dd2f0dd9e4009a705ccfb0e12ba48687abf058726490acd857f7e981531c8',
    );
    const shares = splitRedPacket({
      serverSeed,
      clientSeed: 'lucky-8',
      packetId: 42,
      totalMicro: 10n * USDT,
      shares: 5,
    });
    expect(shares).toEqual([1_525_164n, 1_825_367n, 2_481_632n, 1_521_444n, 2_646_393n]);
    // The table of the note: each float's 32 bits, two to a bar.
    const bits = generateFloats({ serverSeed, clientSeed: 'lucky-8', nonce: 42, count: 8 }).map(
      (f) => f * 2 ** 32,
    );
    expect(bits).toEqual([
      2504532674, 3175476246, 3156955240, 766209061, 1437640896, 1999549344, 654028113, 3547015776,
    ]);
    expect(shares.map((share) => mineHit(share, 2))).toEqual([true, true, false, true, false]);
    expect(shares.map((share) => mineHit(share, 4))).toEqual([false, false, false, false, true]);
  });

  it('sums exactly to the total with every share at least 0.01 USDT, and matches the formula, for any input', () => {
    fc.assert(
      fc.property(packetArb, (packet) => {
        const shares = splitRedPacket(packet);
        expect(shares).toHaveLength(packet.shares);
        expect(sum(shares)).toBe(packet.totalMicro);
        for (const share of shares) expect(share).toBeGreaterThanOrEqual(MIN);
        expect(shares).toEqual(referenceSplit(packet));
        expect(splitRedPacket(packet, nodeHash)).toEqual(shares);
      }),
      { numRuns: 1000 },
    );
  });

  it('is the same split every time for the same input', () => {
    expect(splitRedPacket({ ...PACKET })).toEqual(splitRedPacket({ ...PACKET }));
    expect(splitRedPacket(PACKET)).toEqual(splitRedPacket(PACKET, nodeHash));
  });

  it('changes when any input changes', () => {
    const base = splitRedPacket(PACKET);
    const variants: Partial<RedPacketInput>[] = [
      { serverSeed: `${SERVER_SEED.slice(0, 63)}0` },
      { clientSeed: 'koi-player-2' },
      { packetId: 8 },
      { totalMicro: PACKET.totalMicro + 1n },
      { shares: 6 },
    ];
    for (const variant of variants) expect(splitRedPacket({ ...PACKET, ...variant })).not.toEqual(base);
    // The packet id is the nonce, not a suffix of the client seed: seed "a1" with id 2 is not seed "a" with id 12.
    expect(splitRedPacket({ ...PACKET, clientSeed: 'a1', packetId: 2 })).not.toEqual(
      splitRedPacket({ ...PACKET, clientSeed: 'a', packetId: 12 }),
    );
  });

  it('gives every share exactly 0.01 USDT when the total is the minimum', () => {
    for (let shares = 5; shares <= 10; shares++) {
      expect(splitRedPacket({ ...PACKET, shares, totalMicro: BigInt(shares) * MIN })).toEqual(
        Array<bigint>(shares).fill(MIN),
      );
    }
    const oneOver = splitRedPacket({ ...PACKET, totalMicro: 5n * MIN + 1n });
    expect(sum(oneOver)).toBe(5n * MIN + 1n);
    expect(oneOver.filter((share) => share === MIN + 1n)).toHaveLength(1);
  });

  it('splits the largest total exactly, with no overflow or lost micro', () => {
    for (const totalMicro of [RED_PACKET_TOTAL_MICRO_MAX, RED_PACKET_TOTAL_MICRO_MAX - 1n, 2n ** 53n + 1n]) {
      const shares = splitRedPacket({ ...PACKET, shares: 10, totalMicro });
      expect(sum(shares)).toBe(totalMicro);
      expect(shares).toEqual(referenceSplit({ ...PACKET, shares: 10, totalMicro }));
    }
    // A double could not hold these shares (nor 2^53 + 1 itself): the split never passes money through one.
    const largest = splitRedPacket({ ...PACKET, shares: 10, totalMicro: RED_PACKET_TOTAL_MICRO_MAX });
    expect(largest.some((share) => BigInt(Number(share)) !== share)).toBe(true);
  });

  it.each<[string, Partial<Record<keyof RedPacketInput, unknown>> | null, FairProblem]>([
    ['4 shares', { shares: 4 }, 'red_packet_shares_out_of_range'],
    ['11 shares', { shares: 11 }, 'red_packet_shares_out_of_range'],
    ['5.5 shares', { shares: 5.5 }, 'red_packet_shares_out_of_range'],
    ['NaN shares', { shares: Number.NaN }, 'red_packet_shares_out_of_range'],
    ['shares as text', { shares: '5' }, 'red_packet_shares_out_of_range'],
    ['a total as a number', { totalMicro: 10_000_000 }, 'red_packet_total_invalid'],
    ['a total with a fraction of a micro', { totalMicro: 10_000_000.5 }, 'red_packet_total_invalid'],
    ['a total as text', { totalMicro: '10' }, 'red_packet_total_invalid'],
    ['a zero total', { totalMicro: 0n }, 'red_packet_total_invalid'],
    ['a negative total', { totalMicro: -10_000_000n }, 'red_packet_total_invalid'],
    ['a total above the limit', { totalMicro: RED_PACKET_TOTAL_MICRO_MAX + 1n }, 'red_packet_total_invalid'],
    ['a total one micro short of 0.01 a share', { totalMicro: 5n * MIN - 1n }, 'red_packet_total_too_small'],
    ['10 shares of 0.049999 USDT', { shares: 10, totalMicro: 10n * MIN - 1n }, 'red_packet_total_too_small'],
    ['an upper-case server seed', { serverSeed: SERVER_SEED.toUpperCase() }, 'server_seed_invalid'],
    ['a short server seed', { serverSeed: SERVER_SEED.slice(1) }, 'server_seed_invalid'],
    ['a missing server seed', { serverSeed: undefined }, 'server_seed_invalid'],
    ['an empty client seed', { clientSeed: '' }, 'client_seed_invalid'],
    ['a 65-character client seed', { clientSeed: 'x'.repeat(65) }, 'client_seed_invalid'],
    ['a client seed with a newline', { clientSeed: 'a\nb' }, 'client_seed_invalid'],
    ['a negative packet id', { packetId: -1 }, 'packet_id_invalid'],
    ['a fractional packet id', { packetId: 1.5 }, 'packet_id_invalid'],
    ['an unsafe packet id', { packetId: 2 ** 53 }, 'packet_id_invalid'],
    ['a packet id as text', { packetId: '7' }, 'packet_id_invalid'],
    ['no input', null, 'params_missing'],
  ])('refuses %s', (_, change, problem) => {
    const input = (change === null ? null : { ...PACKET, ...change }) as RedPacketInput;
    expect(() => splitRedPacket(input)).toThrow(expect.objectContaining({ name: 'FairError', problem }));
    expect(verifyRedPacket(input)).toMatchObject({ ok: false, problem });
  });
});

describe('verifyRedPacket', () => {
  it('recomputes the split when the revealed seed matches the published hash', () => {
    const serverSeedHash = redPacketSeedHash(SERVER_SEED);
    expect(serverSeedHash).toBe(createHash('sha256').update(SERVER_SEED).digest('hex'));
    expect(verifyRedPacket({ ...PACKET, serverSeedHash })).toEqual({
      ok: true,
      value: splitRedPacket(PACKET),
    });
    expect(verifyRedPacket(PACKET)).toEqual({ ok: true, value: splitRedPacket(PACKET) });
  });

  it('refuses a seed that is not the committed one', () => {
    const serverSeedHash = redPacketSeedHash(`${SERVER_SEED.slice(0, 63)}0`);
    expect(verifyRedPacket({ ...PACKET, serverSeedHash })).toMatchObject({
      ok: false,
      problem: 'server_seed_hash_mismatch',
    });
  });
});

describe('the split is fair to every position', () => {
  const PACKETS = 4000;
  /** Fixed seeds, so these statistics are the same numbers on every run and cannot flake. */
  const splits = (shares: number, totalMicro: bigint): bigint[][] =>
    Array.from({ length: PACKETS }, (_, packetId) =>
      splitRedPacket({ ...PACKET, packetId, shares, totalMicro }, nodeHash),
    );
  const chiSquare = (counts: readonly number[]): number => {
    const expected = counts.reduce((a, b) => a + b, 0) / counts.length;
    return counts.reduce((total, count) => total + (count - expected) ** 2 / expected, 0);
  };
  /** χ² critical values at p = 0.001 by degrees of freedom. */
  const CHI_SQUARE_999: Record<number, number> = { 4: 18.47, 9: 27.88, 34: 65.25 };

  it.each([5, 10])(
    'gives each of %i positions the same mean, and the largest share equally often',
    (shares) => {
      const totalMicro = 100n * USDT;
      const all = splits(shares, totalMicro);
      const fairShare = Number(totalMicro) / shares;
      for (let position = 0; position < shares; position++) {
        const mean = all.reduce((total, split) => total + Number(split[position]!), 0) / PACKETS;
        expect(Math.abs(mean - fairShare) / fairShare).toBeLessThan(0.05);
      }
      const largest = Array<number>(shares).fill(0);
      for (const split of all) largest[split.indexOf(split.reduce((a, b) => (b > a ? b : a)))]! += 1;
      expect(chiSquare(largest)).toBeLessThan(CHI_SQUARE_999[shares - 1]!);
    },
  );

  it('makes every split of a small rest equally likely, so no position gets the odd micro more often', () => {
    // 5 shares and E = 3 micro above the minimum: C(7, 4) = 35 possible splits, each 1/35.
    const counts = new Map<string, number>();
    const extraByPosition = Array<number>(5).fill(0);
    for (const split of splits(5, 5n * MIN + 3n)) {
      const key = split.map((share) => share - MIN).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
      split.forEach((share, position) => (extraByPosition[position]! += Number(share - MIN)));
    }
    expect(counts.size).toBe(35);
    expect(chiSquare([...counts.values()])).toBeLessThan(CHI_SQUARE_999[34]!);
    expect(chiSquare(extraByPosition)).toBeLessThan(CHI_SQUARE_999[4]!);
  });

  it('puts the mine digit on every digit equally often, so no position or digit is favoured', () => {
    const digits = Array<number>(10).fill(0);
    for (const split of splits(5, 50n * USDT)) for (const share of split) digits[mineDigitOf(share)]! += 1;
    expect(chiSquare(digits)).toBeLessThan(CHI_SQUARE_999[9]!);
  });
});

describe('mineHit', () => {
  it.each<[bigint, number | null, boolean]>([
    [1_230_000n, 3, true], // 1.23
    [1_230_000n, 2, false],
    [1_239_999n, 3, true], // 1.239999 is shown 1.23
    [1_240_000n, 3, false], // 1.24
    [1_229_999n, 3, false], // shown 1.22
    [10_000n, 1, true], // 0.01, the smallest share
    [19_999n, 1, true],
    [100_000n, 1, false], // 0.10: its digit is 0, which no mine has
    [9_990_000n, 9, true], // 9.99
    [123_456_789_010_000n, 1, true], // 123 456 789.01
    [1_230_000n, null, false], // no mine
    [0n, null, false],
  ])('share %i micro with mine %s → %s', (shareMicro, mineDigit, hit) => {
    expect(mineHit(shareMicro, mineDigit)).toBe(hit);
  });

  it('hits for exactly one digit of 1–9 per share, and none when the digit is 0', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: RED_PACKET_TOTAL_MICRO_MAX }), (share) => {
        const hits = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((digit) => mineHit(share, digit));
        const shown = (share / 10_000n).toString().at(-1)!;
        expect(hits).toEqual(shown === '0' ? [] : [Number(shown)]);
      }),
      { numRuns: 500 },
    );
  });

  it.each<[string, unknown, unknown, FairProblem]>([
    ['mine digit 0', 1_230_000n, 0, 'mine_digit_invalid'],
    ['mine digit 10', 1_230_000n, 10, 'mine_digit_invalid'],
    ['mine digit 1.5', 1_230_000n, 1.5, 'mine_digit_invalid'],
    ['mine digit as text', 1_230_000n, '3', 'mine_digit_invalid'],
    ['an undefined mine digit', 1_230_000n, undefined, 'mine_digit_invalid'],
    ['a negative share', -1n, 3, 'red_packet_share_invalid'],
    ['a share as a number', 1_230_000, 3, 'red_packet_share_invalid'],
  ])('refuses %s', (_, shareMicro, mineDigit, problem) => {
    expect(() => mineHit(shareMicro as bigint, mineDigit as number)).toThrow(
      expect.objectContaining({ name: 'FairError', problem }),
    );
  });

  it('checks a mine digit from the sender form without throwing', () => {
    expect(checkMineDigit(null)).toEqual({ ok: true, value: null });
    expect(checkMineDigit(9)).toEqual({ ok: true, value: 9 });
    expect(checkMineDigit(0)).toMatchObject({ ok: false, problem: 'mine_digit_invalid' });
  });
});
