import { FAIR_PROBLEM_TEXT, verifyRedPacket } from '@koi/fair';
import type { RedPacketDetail } from '@koi/contract';

/** A decimal USDT string from the wire ("1.525164") in micro-USDT, exactly (no float on the way). */
export function microOf(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{0,6}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not an amount: ${text}`);
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** Micro-USDT as USDT text with all 6 decimals. */
export function usdtOf(micro: bigint): string {
  const whole = micro / 1_000_000n;
  const frac = (micro % 1_000_000n).toString().padStart(6, '0');
  return `${whole}.${frac}`;
}

/** A share as the game shows it: 2 decimals, rounded down. */
export const shown = (micro: bigint) => usdtOf(micro).slice(0, -4);

export type Verification =
  | { state: 'waiting' }
  | { state: 'ok'; shares: bigint[] }
  | { state: 'failed'; reason: string; shares?: bigint[] };

/** The fair package words its reasons "中文 (English)"; the player reads the part in their language. */
export function reasonText(reason: string, english: boolean): string {
  const at = reason.lastIndexOf(' (');
  if (at < 0) return reason;
  return english ? reason.slice(at + 2, -1) : reason.slice(0, at);
}

/**
 * Recomputes a closed packet's split in the browser with @koi/fair from the revealed seed and compares it
 * with the shares the grabbers received (an expired packet's unclaimed shares have no grabber to compare).
 */
export function verifyPacket(p: RedPacketDetail, english: boolean, mismatch: string): Verification {
  if (p.server_seed === null) return { state: 'waiting' };
  const result = verifyRedPacket({
    serverSeed: p.server_seed,
    serverSeedHash: p.server_seed_hash,
    clientSeed: p.client_seed,
    packetId: p.id,
    totalMicro: microOf(p.total),
    shares: p.shares,
  });
  if (!result.ok) return { state: 'failed', reason: reasonText(FAIR_PROBLEM_TEXT[result.problem], english) };
  const same = p.grabs.every((g) => result.value[g.seq - 1] === microOf(g.share));
  return same
    ? { state: 'ok', shares: result.value }
    : { state: 'failed', reason: mismatch, shares: result.value };
}
