import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { createAuthRepository } from './auth.repository';
import { PlayerStatus } from './auth.schema';

/** Frozen players cannot sign in at all; self-excluded players can sign in (to withdraw) but not play. */
export function createPlayerGate(db: DbOrTx, clock: Clock) {
  const players = createAuthRepository(db);
  return {
    /** Throws when the player may not open games or deposit (frozen, self-excluded). */
    async assertMayPlay(playerId: number): Promise<void> {
      const player = await players.findPlayerById(playerId);
      if (!player || player.status === PlayerStatus.FROZEN) throw new AppError('ACCOUNT_FROZEN');
      if (player.selfExcludedUntil && player.selfExcludedUntil.getTime() > clock.now().getTime()) {
        throw new AppError('SELF_EXCLUDED');
      }
    },
  };
}

export type PlayerGate = ReturnType<typeof createPlayerGate>;
