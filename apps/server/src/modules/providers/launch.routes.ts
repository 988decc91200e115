import { emptyBody, GameProvider, gameLoginQuery, gameLoginResult, inGameResult } from '@koi/contract';
import { formatBalance } from '@koi/ledger';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { GamesService } from '../games';
import type { LaunchTarget } from './launch';
import type { TransferWallet } from './transfer.service';

/**
 * The player's calls that reach a provider: opening a game (the catalogue says whether it may be played, this
 * module opens the provider's session) and bringing home what the player holds at transfer-wallet providers.
 */
function launchApi(
  api: ApiRoutes,
  opts: {
    games: Pick<GamesService, 'launchable'>;
    launcher: LaunchTarget;
    transfers: Pick<TransferWallet, 'recall' | 'recallExcept' | 'inGame'>;
  },
) {
  const { games, launcher, transfers } = opts;

  api.player.get(
    '/api/game/login',
    { summary: '进入游戏：返回打开地址', querystring: gameLoginQuery, result: gameLoginResult },
    async (request) => {
      const playerId = sessionOf(request).playerId;
      const game = await games.launchable(playerId, request.query.plat_type, request.query.game_code);
      // Opening another game brings home what other transfer-wallet games hold, so it is there to play with;
      // the game being opened keeps its own (a transfer-wallet launch moves the rest of the balance in).
      await transfers.recallExcept(playerId, game.platTypeId);
      return { url: await launcher.launchUrl(game, playerId) };
    },
  );

  api.player.get(
    '/api/plat/in-game',
    { summary: '第三方钱包中的余额（游戏中）', result: inGameResult },
    async (request) => {
      const held = await transfers.inGame(sessionOf(request).playerId);
      return {
        total: formatBalance(held.reduce((sum, h) => sum + h.amountMicro, 0n)),
        games: held.map((h) => ({
          plat_type: h.providerId,
          provider: h.code,
          amount: formatBalance(h.amountMicro),
        })),
      };
    },
  );

  // Brings back what the player holds at transfer-wallet providers; the client then reloads user info.
  api.player.post(
    '/api/plat/refresh',
    { summary: '回收第三方钱包余额（全部厂商）', body: emptyBody, result: z.boolean() },
    async (request) => {
      await transfers.recall(sessionOf(request).playerId);
      return true;
    },
  );
  api.player.get(
    '/api/ky/refund',
    { summary: '回收开元棋牌（KY）钱包余额', result: z.boolean() },
    async (request) => {
      await transfers.recall(sessionOf(request).playerId, GameProvider.KY);
      return true;
    },
  );
}

export const launchRoutes = routesPlugin(['游戏'], launchApi);
