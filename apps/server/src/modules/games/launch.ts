import { AppError } from '../../errors';
import { WalletModel } from './games.schema';
// Left from issue 9: launching belongs to the providers module, with the player from the auth service and the
// session through the providers module's service rather than these repository types.
// eslint-disable-next-line no-restricted-imports
import type { AuthRepository } from '../auth/auth.repository';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/crypto';
// eslint-disable-next-line no-restricted-imports
import type { ProvidersRepository } from '../providers/providers.repository';
import { requestLaunch, type ProviderEndpoint } from '../providers/launch.adapter';
import type { TransferWallet } from '../providers/transfer.service';
import type { LaunchTarget } from './games.service';

/**
 * Where a game opens. Koi's originals are screens of the player app. A seamless provider is asked, server
 * to server, to open a session bound to a fresh provider token (stored hashed), and answers the URL. A
 * provider that is not connected answers that it cannot be reached rather than pretending to open.
 */
export function createLaunchTarget(deps: {
  players: Pick<AuthRepository, 'findPlayerById'>;
  sessions: Pick<ProvidersRepository, 'insertSession'>;
  endpointFor: (providerId: number) => Promise<ProviderEndpoint | null>;
  sessionMs: number;
  clock: Clock;
  transfers: Pick<TransferWallet, 'moveIn'>;
}): LaunchTarget {
  return {
    async launchUrl(game, playerId) {
      if (game.walletModel === WalletModel.INTERNAL) return `/originals/${game.gameCode}`;
      const endpoint =
        game.walletModel === WalletModel.SEAMLESS || game.walletModel === WalletModel.TRANSFER
          ? await deps.endpointFor(game.platTypeId)
          : null;
      if (!endpoint) throw new AppError('PROVIDER_UNAVAILABLE');
      const player = await deps.players.findPlayerById(playerId);
      if (!player) throw new AppError('UNAUTHORIZED');
      if (game.walletModel === WalletModel.TRANSFER) {
        // The provider plays with money it holds: move the player's balance in first. If the provider does
        // not answer in time the move stays pending for the reconciler, and the game still opens.
        await deps.transfers.moveIn(
          { id: player.id, username: player.username },
          { id: game.platTypeId, code: game.providerCode },
        );
      }
      const token = newToken();
      const now = deps.clock.now();
      await deps.sessions.insertSession({
        tokenHash: sha256Hex(token),
        playerId,
        providerId: game.platTypeId,
        gameCode: game.gameCode,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.sessionMs),
      });
      return requestLaunch(endpoint, {
        token,
        user: player.username,
        game_code: game.gameCode,
        game_name: game.nameZh,
        currency: 'USDT',
        lang: 'zh-CN',
        wallet_model: game.walletModel === WalletModel.TRANSFER ? 'transfer' : 'seamless',
      });
    },
  };
}
