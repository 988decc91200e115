/*
 * Design note: turnover requirements (流水/打码量, decision 23).
 *
 * Facts, not counters. A requirement is an immutable row written once per business fact (a credited deposit,
 * a bonus, a prize; unique by source type and id): "from this moment, `required` USDT of settled valid bets".
 * Bets are not copied anywhere: the bet rounds stay with their owner (the bets module reads bet_rounds for
 * every provider and original) and are read through its service. The remaining amount is computed on demand from
 * the two, so there is no counter that a lost event, a retried bet or a late rollback could leave wrong.
 *
 * The fold. Requirements are ordered by time, and settled stakes are summed per interval between consecutive
 * requirement times (one grouped query, width_bucket). Walking the intervals:
 *     remaining = max(0, remaining - stakes in the interval);  remaining += the next requirement
 * and finally subtracts the stakes after the last requirement. Flooring at zero means bets placed while
 * nothing was owed are not banked against future deposits, and bets placed before a deposit never count
 * toward it. Within one interval only bets reduce the remaining amount, so flooring the interval's sum once
 * gives the same result as flooring after every bet.
 *
 * Waived. A bonus taken back (forfeited on freeze or self-exclusion, or expired with turnover open) had its
 * requirement waived once (`waived_at`), in the transaction of the transfer that took it back; the fold leaves
 * waived requirements out, which can only lower what remains, never raise it.
 *
 * What counts. A valid bet is the stake of a round that is settled (closed) and not rolled back, at the time
 * it closed. A rollback after settlement changes the round's status and so drops out of the next computation
 * by itself: nothing to undo. Bonuses add their own multiple (TURNOVER_BONUS_MULTIPLE, default 10×), deposits
 * TURNOVER_DEPOSIT_MULTIPLE (default 1×); multiples are kept in hundredths so 1.5× needs no float.
 *
 * Cost. One query for the requirements and one for the stakes, both on player-scoped indexes; a player has
 * few requirements, and old ones could be compacted into a checkpoint later without changing the model.
 */

/** A requirement as the fold needs it: when it was written and how much it asks for. */
export interface Requirement {
  createdAt: Date;
  requiredMicro: bigint;
}

/**
 * The requirements (ordered by time) grouped into the fold's boundaries: one per distinct creation time, with
 * what became owed at it. The bets module sums stakes per interval between consecutive boundaries.
 */
export function boundariesOf(requirements: readonly Requirement[]): { boundaries: Date[]; owedAt: bigint[] } {
  const boundaries: Date[] = [];
  const owedAt: bigint[] = [];
  for (const r of requirements) {
    const last = boundaries[boundaries.length - 1];
    if (last && last.getTime() === r.createdAt.getTime()) owedAt[owedAt.length - 1]! += r.requiredMicro;
    else {
      boundaries.push(r.createdAt);
      owedAt.push(r.requiredMicro);
    }
  }
  return { boundaries, owedAt };
}

/**
 * The fold of the design note. `stakes` has one sum per interval: before the first boundary, between each
 * pair, and after the last (so one more entry than `owedAt`). Bets before the first requirement never count.
 */
export function foldRemaining(owedAt: readonly bigint[], stakes: readonly bigint[]): bigint {
  let remaining = 0n;
  for (let i = 0; i < owedAt.length; i += 1) {
    remaining = remaining - stakes[i]! > 0n ? remaining - stakes[i]! : 0n;
    remaining += owedAt[i]!;
  }
  const after = stakes[owedAt.length]!;
  return remaining - after > 0n ? remaining - after : 0n;
}
