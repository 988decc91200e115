import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { BetsService } from '../bets/bets.service';
import { createWithdrawalsRepository, type RequirementRow } from './withdrawals.repository';

/*
 * Design note: turnover requirements (流水/打码量, decision 23).
 *
 * Facts, not counters. A requirement is an immutable row written once per business fact (a credited deposit,
 * a bonus, a prize; unique by source type and id): "from this moment, `required` USDT of settled valid bets".
 * Bets are not copied anywhere: the bet rounds stay with their owner (records reads bet_rounds for every
 * provider and original) and are read through its service. The remaining amount is computed on demand from
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
 * What counts. A valid bet is the stake of a round that is settled (closed) and not rolled back, at the time
 * it closed. A rollback after settlement changes the round's status and so drops out of the next computation
 * by itself: nothing to undo. Bonuses add their own multiple (TURNOVER_BONUS_MULTIPLE, default 10×), deposits
 * TURNOVER_DEPOSIT_MULTIPLE (default 1×); multiples are kept in hundredths so 1.5× needs no float.
 *
 * Cost. One query for the requirements and one for the stakes, both on player-scoped indexes; a player has
 * few requirements, and old ones could be compacted into a checkpoint later without changing the model.
 */

export type RequirementSource = 'deposit' | 'bonus';

export interface AddRequirementInput {
  playerId: number;
  /** The business fact: ('deposit', order id), ('bonus', claim id) …; a second call for it changes nothing. */
  sourceType: RequirementSource | (string & {});
  sourceId: string;
  /** The credited amount the requirement is a multiple of. */
  amountMicro: bigint;
  /** Hundredths of the amount (100 = 1×); defaults by source: deposits and bonuses from the configuration. */
  multipleCentis?: number;
}

export function createTurnover(deps: {
  db: DbOrTx;
  clock: Clock;
  records: Pick<BetsService, 'settledStakeBySegments'>;
  multiples: { depositMultipleCentis: number; bonusMultipleCentis: number };
}) {
  const { db, clock, records, multiples } = deps;
  const repo = createWithdrawalsRepository(db);

  /** The fold of the design note. */
  async function remainingOf(playerId: number): Promise<bigint> {
    const requirements: RequirementRow[] = await repo.requirements(playerId);
    if (requirements.length === 0) return 0n;
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
    const stakes = await records.settledStakeBySegments(playerId, boundaries);
    let remaining = 0n;
    for (let i = 0; i < boundaries.length; i += 1) {
      remaining = remaining - stakes[i]! > 0n ? remaining - stakes[i]! : 0n;
      remaining += owedAt[i]!;
    }
    const after = stakes[boundaries.length]!;
    return remaining - after > 0n ? remaining - after : 0n;
  }

  return {
    remainingOf,

    /**
     * Adds a requirement (idempotent per source). `conn` lets the caller write it in the same transaction as
     * the credit it belongs to, so a credited deposit never lacks its requirement.
     */
    async addRequirement(input: AddRequirementInput, conn: DbOrTx = db): Promise<boolean> {
      if (input.amountMicro <= 0n) throw new AppError('AMOUNT_INVALID', { reason: 'amount must be > 0' });
      if (
        !input.sourceId ||
        input.sourceId.length > 128 ||
        !input.sourceType ||
        input.sourceType.length > 32
      ) {
        throw new AppError('BAD_REQUEST', { detail: 'turnover requirement source' });
      }
      const multipleCentis =
        input.multipleCentis ??
        (input.sourceType === 'deposit' ? multiples.depositMultipleCentis : multiples.bonusMultipleCentis);
      if (!Number.isInteger(multipleCentis) || multipleCentis < 0 || multipleCentis > 100_000) {
        throw new AppError('BAD_REQUEST', { detail: 'turnover multiple' });
      }
      return createWithdrawalsRepository(conn).insertRequirement({
        playerId: input.playerId,
        sourceType: input.sourceType,
        sourceId: input.sourceId,
        baseMicro: input.amountMicro,
        multipleCentis,
        // Rounded up to the micro: a requirement is never smaller than its multiple says.
        requiredMicro: (input.amountMicro * BigInt(multipleCentis) + 99n) / 100n,
        createdAt: clock.now(),
      });
    },
  };
}

export type Turnover = ReturnType<typeof createTurnover>;
