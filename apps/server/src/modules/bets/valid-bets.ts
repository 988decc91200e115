/*
 * Design note: the valid-bet feed (decision 36; read by turnover, rebates, VIP progress, agents, tournaments).
 *
 * What counts. A valid bet is the stake of a round that is settled (closed), not rolled back, and not a
 * near-certain outcome: an original whose win chance was above the configured threshold (VALID_BET_MAX_WIN_CHANCE
 * percent, default 95) counts nothing, neither its stake nor its result. The win chance of an original is
 * (1 − house edge) / multiplier for every game (dice, limbo and mines all price a win that way), so the rule
 * needs no game-specific code. A provider's round has no win chance Koi could know and always counts.
 * Validity is decided once, when the round is written (`bet_rounds.valid`), so changing the threshold later
 * never rewrites history that rebates were already paid on.
 *
 * Where it lives. Every round is in bet_rounds (originals, seamless and transfer-wallet providers). Beside it,
 * valid_bets_daily sums the valid settled rounds per player, UTC+8 day of settlement, game category and
 * provider. It is written only by the bets module's SQL, in the transaction that changes the round, as the
 * difference between what the round contributed before and after the change (koi_bet_round_record.sql). So:
 *   - a round counts once, when it first closes, on the day it first closed (`settled_at`, kept afterwards, so
 *     a late win or rollback changes that day's row and not today's);
 *   - a rollback takes out exactly what the round had put in, and a second rollback of it finds nothing to
 *     take: the feed is always the sum of the rounds it summarises, never a counter that could drift;
 *   - a round that arrives settled (an original, a pulled transfer-wallet round) is inserted once by its
 *     provider, round and player, and a repeat inserts and counts nothing (koi_bet_round_settled.sql).
 *
 * Weights. The per-category contribution (operator-set, default 100 %) is NOT applied here: the feed holds
 * stakes as bet, and each reader that pays on valid bets (rebate, VIP progress) multiplies by the weight in
 * force when it pays. Weights change; stored weighted sums would silently mix two weights in one row.
 *
 * Turnover reads the same definition at a finer grain: the stakes of settled valid rounds by when they
 * settled, split at its requirement times (settledStakeBySegments), from bet_rounds, because its boundaries
 * are instants, not days.
 *
 * Cost. The hot path (the seamless wallet call) pays nothing for a call that changes no contribution (a bet of
 * a round still open), and one UPSERT of one row in the same statement as the round for a close or rollback.
 * The row is the player's own, so only that player's calls ever wait on it, and they already wait on the
 * player's wallet row in the same transaction.
 *
 * Events. After the transaction commits, the writer tells the bets service (`settled`), which emits
 * `bet.settled` for each round; subscribers use it to re-read the feed sooner, never as the record itself.
 */

/** A probability as an exact fraction. */
export interface Chance {
  numerator: bigint;
  denominator: bigint;
}

/** The threshold in basis points of a percent (9500 = 95 %). */
export const NEAR_CERTAIN_DEFAULT_BP = 9_500;

/**
 * A finished UTC+8 day is settled from the feed (agent commission, VIP rebates, the tournament) this long after
 * it ended, so the rounds closing at midnight and the provider calls of its last minute are in the feed first.
 */
export const SETTLE_GRACE_MS = 10 * 60_000;

/** The win chance of an original from what it pays: (1 − edge) / multiplier. */
export function winChanceOf(
  multiplier: { numerator: bigint; denominator: bigint },
  houseEdgeBp: number,
): Chance {
  return {
    numerator: BigInt(10_000 - houseEdgeBp) * multiplier.denominator,
    denominator: 10_000n * multiplier.numerator,
  };
}

/**
 * Whether a settled round counts as a valid bet: always without a win chance (a provider's round), and only
 * when the chance is at most `maxWinChanceBp` otherwise (exactly at the threshold still counts).
 */
export function isValidBet(winChance: Chance | undefined, maxWinChanceBp: number): boolean {
  if (!winChance) return true;
  return winChance.numerator * 10_000n <= BigInt(maxWinChanceBp) * winChance.denominator;
}
