import { accept, checkFields, FairError, must, refuse, type Checked } from './errors';
import { portableHash, type FairHash } from './hash';
import { checkSeedPair, floatsUnchecked, hashServerSeed } from './rng';

/**
 * The split of a red packet, decided only by the packet's server seed (committed by its SHA-256 when the
 * packet is sent, revealed when it closes), the sender's client seed and the packet id, so that anyone can
 * recompute every share and see that nobody chose where the mine falls.
 *
 * The floats are Stake's (see `./rng.ts`), with the packet id as the nonce:
 *
 *   float_j = the j-th float of HMAC-SHA256(server_seed, `${client_seed}:${packet_id}:${round}`), j = 0, 1, …
 *
 * Stars and bars. A packet of total T micro-USDT in n shares first gives every share the minimum
 * M = 10 000 micro (0.01 USDT); the rest E = T − n × M is E stars, and n − 1 bars placed among them split
 * it into n runs of stars. The bars take n − 1 distinct slots of the N = E + n − 1 slots numbered 1 … N,
 * drawn one by one as Mines draws its tiles:
 *
 *   u_i   = floor(float_2i × 2^32) × 2^32 + floor(float_2i+1 × 2^32)   a 64-bit integer, i = 0 … n − 2
 *   r_i   = floor(u_i × (N − i) / 2^64)                                0 … N − i − 1
 *   bar_i = the (r_i + 1)-th smallest slot of 1 … N that no earlier bar took
 *   sort the bars, put 0 in front and N + 1 at the end: b_0 = 0 < b_1 < … < b_n−1 < b_n = N + 1
 *   share_k = M + (b_k − b_k−1 − 1), k = 1 … n, in grab order (the first grabber takes share_1)
 *
 * Why this way: every set of bar slots is equally likely, and each set is exactly one way to split E, so
 * every possible split of the packet is equally likely. Whoever grabs first, last or in between faces the
 * same chances (the "double mean" split used elsewhere gives the last grabber a wider spread; independent
 * cuts that may coincide favour the middle shares when E is small). Each share is at least M, and the
 * shares sum to n × M + (N + 1 − n) = T exactly. The floats only choose slots; the money is bigint
 * arithmetic (float × 2^32 is an exact integer, since every float is a multiple of 2^-32), so there is no
 * rounding and no overflow at any total. Two floats per bar give 64 bits, so each slot is equally likely to
 * within a relative N / 2^64, negligible for totals up to RED_PACKET_TOTAL_MICRO_MAX.
 *
 * Worked example (a test pins it): 10 USDT in 5 shares, so n × M = 0.05 USDT, E = 9 950 000 and
 * N = 9 950 004.
 *
 *   server_seed = 07661f0c25a156a918da909baa640453a45423d87256412daa0e5e2158dda12b
 *                 (SHA-256 of the text "koi red packet worked example"; its own SHA-256, the commitment, is
 *                 788dd2f0dd9e4009a705ccfb0e12ba48687abf058726490acd857f7e981531c8)
 *   client_seed = lucky-8, packet_id = 42
 *
 *   i  float_2i × 2^32  float_2i+1 × 2^32  u_i                   r_i      bar_i
 *   0  2504532674       3175476246         10756885929768905750  5802165  5802166
 *   1  3156955240       766209061          13559019511502040101  7313609  7313611 (slot 5802166 is taken)
 *   2  1437640896       1999549344         6174620633711686560   3330532  3330533
 *   3  654028113        3547015776         2809029359546608224   1515164  1515165
 *
 *   b:      0, 1515165, 3330533, 5802166, 7313611, 9950005
 *   shares: 1.525164, 1.825367, 2.481632, 1.521444, 2.646393 USDT (sum 10), shown 1.52, 1.82, 2.48, 1.52, 2.64
 *   with mine digit 2 the 1st, 2nd and 4th grabbers hit it; with mine digit 4 the 5th does.
 *
 * The mine: a share hits the mine when the hundredths digit of its USDT amount, the 2nd decimal as the
 * share is shown (2 decimals, rounded down), equals the mine digit: floor(share / 10 000) mod 10. 1.2399 USDT
 * is shown 1.23 and hits mine 3. Shares are shown with 2 decimals because that is how the game is played;
 * the micro-USDT below the cent still belong to the grabber. Near the smallest total the digits cannot be
 * even (at exactly n × 0.01 USDT every share shows 0.01 and hits mine 1); a room's minimum stake decides
 * how close to even they are.
 */

export const RED_PACKET_SHARES_MIN = 5;
export const RED_PACKET_SHARES_MAX = 10;
/** 0.01 USDT, the smallest share. */
export const RED_PACKET_SHARE_MIN_MICRO = 10_000n;
/** The largest total, what a PostgreSQL `bigint` holds; rooms configure far smaller stakes. */
export const RED_PACKET_TOTAL_MICRO_MAX = 2n ** 63n - 1n;
/** The mine digit is the digit of this unit: hundredths of a USDT. */
export const MINE_DIGIT_UNIT_MICRO = 10_000n;
export const MINE_DIGIT_MIN = 1;
export const MINE_DIGIT_MAX = 9;

const FLOATS_PER_BAR = 2;
const TWO_POW_32 = 0x1_0000_0000;

export interface RedPacketInput {
  /** 64 lowercase hex digits, fresh for every packet. */
  serverSeed: string;
  clientSeed: string;
  /** The packet's id, used as the nonce of the float stream. */
  packetId: number;
  totalMicro: bigint;
  shares: number;
}

export const checkRedPacketShares = (shares: unknown): Checked<number> =>
  typeof shares === 'number' &&
  Number.isInteger(shares) &&
  shares >= RED_PACKET_SHARES_MIN &&
  shares <= RED_PACKET_SHARES_MAX
    ? accept(shares)
    : refuse('red_packet_shares_out_of_range');

/** A total for `shares` shares (already checked): whole micro-USDT, at least 0.01 USDT a share. */
export function checkRedPacketTotal(totalMicro: unknown, shares: number): Checked<bigint> {
  if (typeof totalMicro !== 'bigint' || totalMicro <= 0n || totalMicro > RED_PACKET_TOTAL_MICRO_MAX) {
    return refuse('red_packet_total_invalid');
  }
  if (totalMicro < BigInt(shares) * RED_PACKET_SHARE_MIN_MICRO) return refuse('red_packet_total_too_small');
  return accept(totalMicro);
}

export const checkPacketId = (packetId: unknown): Checked<number> =>
  typeof packetId === 'number' && Number.isSafeInteger(packetId) && packetId >= 0
    ? accept(packetId)
    : refuse('packet_id_invalid');

/** The whole input, in the order a sender's form reads: shares, total, then the seeds and the id. */
export const checkRedPacket = (input: unknown): Checked<RedPacketInput> =>
  checkFields(input, ({ serverSeed, clientSeed, packetId, totalMicro, shares }) => {
    const checkedShares = checkRedPacketShares(shares);
    if (!checkedShares.ok) return checkedShares;
    const total = checkRedPacketTotal(totalMicro, checkedShares.value);
    if (!total.ok) return total;
    const seeds = checkSeedPair(serverSeed, clientSeed);
    if (!seeds.ok) return seeds;
    const id = checkPacketId(packetId);
    if (!id.ok) return id;
    return accept({
      ...seeds.value,
      packetId: id.value,
      totalMicro: total.value,
      shares: checkedShares.value,
    });
  });

/** floor(float × 2^32): exact, as every float of the stream is a multiple of 2^-32. */
const float32Bits = (float: number): bigint => BigInt(float * TWO_POW_32);

/**
 * The shares in grab order, in micro-USDT. Throws a FairError for any invalid input rather than returning
 * a split nobody could reproduce.
 */
export function splitRedPacket(input: RedPacketInput, hash: FairHash = portableHash): bigint[] {
  const { serverSeed, clientSeed, packetId, totalMicro, shares } = must(checkRedPacket(input));
  const rest = totalMicro - BigInt(shares) * RED_PACKET_SHARE_MIN_MICRO;
  const slots = rest + BigInt(shares) - 1n;
  const floats = floatsUnchecked(serverSeed, clientSeed, packetId, 0, (shares - 1) * FLOATS_PER_BAR, hash);
  const bars: bigint[] = [];
  for (let i = 0; i < shares - 1; i++) {
    const bits = (float32Bits(floats[2 * i]!) << 32n) | float32Bits(floats[2 * i + 1]!);
    // The (r + 1)-th slot not taken yet: walk up past every bar already at or below it.
    let bar = ((bits * (slots - BigInt(i))) >> 64n) + 1n;
    for (const taken of bars) if (taken <= bar) bar += 1n;
    const above = bars.findIndex((taken) => taken > bar);
    bars.splice(above === -1 ? bars.length : above, 0, bar); // kept ascending for the walk above
  }
  bars.push(slots + 1n);
  let previous = 0n;
  return bars.map((bar) => {
    const share = RED_PACKET_SHARE_MIN_MICRO + bar - previous - 1n;
    previous = bar;
    return share;
  });
}

/** The commitment shown with the packet when it is sent: SHA-256 of the server seed's text, in hex. */
export const redPacketSeedHash = (serverSeed: string, hash: FairHash = portableHash): string =>
  hashServerSeed(serverSeed, hash);

export interface RedPacketVerifyInput extends RedPacketInput {
  /** The hash published when the packet was sent; checked against the revealed seed when given. */
  serverSeedHash?: string;
}

/**
 * Recomputes a closed packet's split from its revealed seed, for a verifier screen: a refusal with its
 * reason, never a throw.
 */
export function verifyRedPacket(
  input: RedPacketVerifyInput,
  hash: FairHash = portableHash,
): Checked<bigint[]> {
  const checked = checkRedPacket(input);
  if (!checked.ok) return checked;
  if (
    input.serverSeedHash !== undefined &&
    hash.sha256Hex(checked.value.serverSeed) !== input.serverSeedHash
  ) {
    return refuse('server_seed_hash_mismatch');
  }
  return accept(splitRedPacket(checked.value, hash));
}

/** A mine digit from the sender's form: 1 to 9, or null for a packet without a mine. */
export const checkMineDigit = (mineDigit: unknown): Checked<number | null> =>
  mineDigit === null ||
  (typeof mineDigit === 'number' &&
    Number.isInteger(mineDigit) &&
    mineDigit >= MINE_DIGIT_MIN &&
    mineDigit <= MINE_DIGIT_MAX)
    ? accept(mineDigit)
    : refuse('mine_digit_invalid');

/** The digit a share shows for the mine: its hundredths of a USDT, rounded down (1.2399 USDT shows 3). */
export const mineDigitOf = (shareMicro: bigint): number => Number((shareMicro / MINE_DIGIT_UNIT_MICRO) % 10n);

/** Whether a share hits the mine; never for a packet without one. */
export function mineHit(shareMicro: bigint, mineDigit: number | null): boolean {
  if (typeof shareMicro !== 'bigint' || shareMicro < 0n) throw new FairError('red_packet_share_invalid');
  const digit = must(checkMineDigit(mineDigit));
  return digit !== null && mineDigitOf(shareMicro) === digit;
}
