import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { BetsService } from '../bets/bets.service';
import { createTurnoverRepository } from './turnover.repository';
import { boundariesOf, foldRemaining } from './turnover';

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

export interface TurnoverServiceDeps {
  db: DbOrTx;
  clock: Clock;
  /** Settled stakes per interval (the bets module owns the rounds; see the design note in turnover.ts). */
  records: Pick<BetsService, 'settledStakeBySegments'>;
  multiples: { depositMultipleCentis: number; bonusMultipleCentis: number };
}

/** Turnover requirements and what remains of them (design note in turnover.ts). */
export function createTurnoverService(deps: TurnoverServiceDeps) {
  const { db, clock, records, multiples } = deps;
  const repo = createTurnoverRepository(db);

  /** The row of a requirement, or the refusal of an input no caller should send. */
  function requirementRow(input: AddRequirementInput) {
    if (input.amountMicro <= 0n) throw new AppError('AMOUNT_INVALID', { reason: 'amount must be > 0' });
    if (!input.sourceId || input.sourceId.length > 128 || !input.sourceType || input.sourceType.length > 32) {
      throw new AppError('BAD_REQUEST', { detail: 'turnover requirement source' });
    }
    const multipleCentis =
      input.multipleCentis ??
      (input.sourceType === 'deposit' ? multiples.depositMultipleCentis : multiples.bonusMultipleCentis);
    if (!Number.isInteger(multipleCentis) || multipleCentis < 0 || multipleCentis > 100_000) {
      throw new AppError('BAD_REQUEST', { detail: 'turnover multiple' });
    }
    return {
      playerId: input.playerId,
      sourceType: input.sourceType,
      sourceId: input.sourceId,
      baseMicro: input.amountMicro,
      multipleCentis,
      // Rounded up to the micro: a requirement is never smaller than its multiple says.
      requiredMicro: (input.amountMicro * BigInt(multipleCentis) + 99n) / 100n,
      createdAt: clock.now(),
    };
  }

  return {
    /** Valid bets the player still owes before a withdrawal: the fold over requirements and settled stakes. */
    async remainingOf(playerId: number): Promise<bigint> {
      const requirements = await repo.requirements(playerId);
      if (requirements.length === 0) return 0n;
      const { boundaries, owedAt } = boundariesOf(requirements);
      return foldRemaining(owedAt, await records.settledStakeBySegments(playerId, boundaries));
    },

    /**
     * Each open requirement with what remains of it. The fold gives one total; bets clear requirements oldest
     * first, so the total remaining belongs to the newest requirements (a requirement's remaining is what is
     * left of the total after the newer ones took theirs).
     */
    async progressOf(playerId: number): Promise<
      {
        sourceType: string;
        sourceId: string;
        requiredMicro: bigint;
        remainingMicro: bigint;
        createdAt: Date;
      }[]
    > {
      const requirements = await repo.requirements(playerId);
      if (requirements.length === 0) return [];
      const { boundaries, owedAt } = boundariesOf(requirements);
      let left = foldRemaining(owedAt, await records.settledStakeBySegments(playerId, boundaries));
      const out = [];
      for (let i = requirements.length - 1; i >= 0; i -= 1) {
        const r = requirements[i]!;
        const remainingMicro = left < r.requiredMicro ? left : r.requiredMicro;
        left -= remainingMicro;
        out.push({
          sourceType: r.sourceType,
          sourceId: r.sourceId,
          requiredMicro: r.requiredMicro,
          remainingMicro,
          createdAt: r.createdAt,
        });
      }
      return out.reverse();
    },

    /**
     * Waives a requirement whose credit was taken back (a forfeited bonus), inside the caller's transaction
     * with the transfer that took it back; a second call changes nothing.
     */
    waive: (sourceType: string, sourceId: string, conn: DbOrTx = db) =>
      createTurnoverRepository(conn).waive(sourceType, sourceId, clock.now()),

    /**
     * Adds a requirement (idempotent per source). `conn` lets the caller write it in the same transaction as
     * the credit it belongs to, so a credited deposit never lacks its requirement.
     */
    async addRequirement(input: AddRequirementInput, conn: DbOrTx = db): Promise<boolean> {
      return createTurnoverRepository(conn).insertRequirement(requirementRow(input));
    },

    /**
     * Adds many requirements in one statement (a batch of claims paid in one transaction), each under
     * addRequirement's rules; idempotent per source like it. Answers how many were new.
     */
    async addRequirements(inputs: AddRequirementInput[], conn: DbOrTx = db): Promise<number> {
      const rows = inputs.map(requirementRow);
      return rows.length ? createTurnoverRepository(conn).insertRequirements(rows) : 0;
    },
  };
}

export type TurnoverService = ReturnType<typeof createTurnoverService>;
