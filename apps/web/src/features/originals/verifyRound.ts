import { verify, type GameName } from '@koi/fair';
import type { BetResult } from './api/originals';

export type HistoryEntry = BetResult & { params: Record<string, unknown> };

/** What a replay needs: a round from this session's history, or a bet-detail row's fairness data. */
export type VerifiableRound = {
  game: string;
  params: Record<string, unknown>;
  win: boolean;
  multiplier: string;
  fairness: { server_seed_hash: string; client_seed: string; nonce: number };
};

/**
 * The parameters as the fair library takes them. A bet-detail row carries the checked form the server stored
 * (`targetHundredths`, or `target_hundredths` once the wire renames it), this session's history the form the
 * player sent (`target: "50.00"`); both become the latter. Mines' `mines` and `picks` are the same in both.
 */
export function replayParams(params: Record<string, unknown>): Record<string, unknown> {
  const hundredths = params.targetHundredths ?? params.target_hundredths;
  if (typeof hundredths !== 'number' || 'target' in params) return params;
  const { targetHundredths: _camel, target_hundredths: _snake, ...rest } = params;
  return { ...rest, target: (hundredths / 100).toFixed(2) };
}

/**
 * Replays a finished round in the browser from the revealed server seed (decision 16) and compares it with
 * what the server reported. True only when the seed matches its published hash and the replay gives the
 * same win and multiplier.
 */
export function verifyRound(entry: VerifiableRound, serverSeed: string): { ok: boolean; reason?: string } {
  const result = verify(entry.game as GameName, replayParams(entry.params) as never, {
    serverSeed,
    serverSeedHash: entry.fairness.server_seed_hash,
    clientSeed: entry.fairness.client_seed,
    nonce: entry.fairness.nonce,
  });
  if (!result.ok) return { ok: false, reason: String(result.problem) };
  const play = result.value;
  const same = play.win === entry.win && Number(play.multiplierText) === Number(entry.multiplier);
  return same ? { ok: true } : { ok: false, reason: 'mismatch' };
}
