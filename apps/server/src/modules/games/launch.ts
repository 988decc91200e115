import { AppError } from '../../errors';
import { PlayerStatus } from '../../db/schema';
import { WalletModel } from '../../db/schema/games';
import type { AuthRepository } from '../auth/auth.repository';
import type { Clock } from '../../lib/clock';
import type { LaunchTarget, PlayerGate } from './games.service';

/** Frozen players cannot sign in at all; self-excluded players can sign in (to withdraw) but not play. */
export function createPlayerGate(players: Pick<AuthRepository, 'findPlayerById'>, clock: Clock): PlayerGate {
  return {
    async assertMayPlay(playerId) {
      const player = await players.findPlayerById(playerId);
      if (!player || player.status === PlayerStatus.FROZEN) throw new AppError('ACCOUNT_FROZEN');
      if (player.selfExcludedUntil && player.selfExcludedUntil.getTime() > clock.now().getTime()) {
        throw new AppError('SELF_EXCLUDED');
      }
    },
  };
}

/**
 * Where a game opens. Koi's originals are screens of the player app. External providers open through their
 * adapter, which the provider integration adds; until a provider is connected its games answer that the
 * provider cannot be reached rather than pretending to open.
 */
export function createLaunchTarget(): LaunchTarget {
  return {
    async launchUrl(game) {
      if (game.walletModel === WalletModel.INTERNAL) return `/originals/${game.gameCode}`;
      throw new AppError('PROVIDER_UNAVAILABLE');
    },
  };
}
