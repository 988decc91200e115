import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { createAuthRepository } from './auth.repository';
import { PlayerStatus } from './auth.schema';

/**
 * A player's standing as this request's session check read it (plugins/auth.ts): the check already refused a
 * frozen player, and its snapshot is dropped on this node before a freeze or a self-exclusion answers and on
 * the others when the change feed brings it, so it is as fresh as the session the request is let in with.
 */
export interface CheckedStanding {
  selfExcludedUntil: Date | null;
}

/** Frozen players cannot sign in at all; self-excluded players can sign in (to withdraw) but not play. */
export function createPlayerGate(db: DbOrTx, clock: Clock) {
  const players = createAuthRepository(db);
  const assertNotExcluded = (selfExcludedUntil: Date | null) => {
    if (selfExcludedUntil && selfExcludedUntil.getTime() > clock.now().getTime()) {
      throw new AppError('SELF_EXCLUDED');
    }
  };
  return {
    /**
     * Throws when the player may not open games or deposit (frozen, self-excluded). With the standing the
     * request's session check just read (`checked`), no second read of the player: a hot route such as a
     * red-packet grab then costs one query less.
     */
    async assertMayPlay(playerId: number, checked?: CheckedStanding): Promise<void> {
      if (checked) return assertNotExcluded(checked.selfExcludedUntil);
      const player = await players.findPlayerById(playerId);
      if (!player || player.status === PlayerStatus.FROZEN) throw new AppError('ACCOUNT_FROZEN');
      assertNotExcluded(player.selfExcludedUntil);
    },
  };
}

export type PlayerGate = ReturnType<typeof createPlayerGate>;
