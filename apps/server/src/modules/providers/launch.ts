import { AppError } from '../../errors';
import { LEDGER_CURRENCY } from '@koi/ledger';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/crypto';
import type { AuthService } from '../auth';
import { WalletModel, type GameRow } from '../games';
import { requestLaunch, type ProviderEndpoint } from './launch.adapter';
import type { ProvidersRepository } from './providers.repository';
import type { TransferWallet } from './transfer.service';
import { createKeyedQueue } from '../../lib/keyed-queue';

/** A launch reuses a session that still has this long to live rather than opening another. */
const REUSE_MARGIN_MS = 10 * 60_000;
/**
 * Live provider sessions a player may hold at once; opening one more ends the oldest. Five covers a player
 * switching between a few games on a phone and a computer; the hostile test's burst of launches left 4,196
 * live sessions for one player, each a token a provider could bet on.
 */
export const MAX_LIVE_SESSIONS = 5;
/** Launch answers kept for reuse in this process; beyond this many the oldest are forgotten. */
const REMEMBERED_LAUNCHES = 10_000;

export interface LaunchTarget {
  /** Returns the URL that opens the game for this player. */
  launchUrl(game: GameRow, playerId: number): Promise<string>;
}

/**
 * Where a game opens. Koi's originals are screens of the player app. A seamless provider is asked, server
 * to server, to open a session bound to a fresh provider token (stored hashed), and answers the URL. A
 * provider that is not connected answers that it cannot be reached rather than pretending to open.
 */
export function createLaunchTarget(deps: {
  players: Pick<AuthService, 'identity'>;
  sessions: Pick<ProvidersRepository, 'openSession' | 'isSessionLive'>;
  endpointFor: (providerId: number) => Promise<ProviderEndpoint | null>;
  sessionMs: number;
  clock: Clock;
  transfers: Pick<TransferWallet, 'moveIn'>;
}): LaunchTarget {
  const onePerPlayer = createKeyedQueue<number>();
  // The URL each live session was opened with, by player, provider and game (only the token's hash is stored,
  // so a session can be reused only where it was opened; another node opens its own, and the database bounds
  // how many stay live).
  const opened = new Map<string, { sessionId: number; url: string; expiresAt: number }>();
  return {
    async launchUrl(game, playerId) {
      if (game.walletModel === WalletModel.INTERNAL) return `/originals/${game.gameCode}`;
      const endpoint =
        game.walletModel === WalletModel.SEAMLESS || game.walletModel === WalletModel.TRANSFER
          ? await deps.endpointFor(game.platTypeId)
          : null;
      if (!endpoint) throw new AppError('PROVIDER_UNAVAILABLE');
      const player = await deps.players.identity(playerId);
      if (!player) throw new AppError('UNAUTHORIZED');
      if (game.walletModel === WalletModel.TRANSFER) {
        // The provider plays with money it holds: move the player's balance in first. If the provider does
        // not answer in time the move stays pending for the reconciler, and the game still opens.
        await deps.transfers.moveIn(
          { id: player.id, username: player.username },
          { id: game.platTypeId, code: game.providerCode },
        );
      }
      // Launch reuses the player's live session of this game instead of opening another: a burst of launches
      // (2,154 in 5 s in the hostile test, each a provider call and a new session) opens one session. The
      // launches of one player queue here, so the second of a burst finds what the first opened.
      return onePerPlayer(playerId, async () => {
        const key = `${playerId}:${game.platTypeId}:${game.gameCode}`;
        const now = deps.clock.now();
        const known = opened.get(key);
        if (
          known &&
          known.expiresAt - REUSE_MARGIN_MS > now.getTime() &&
          (await deps.sessions.isSessionLive(known.sessionId, now))
        ) {
          return known.url;
        }
        const token = newToken();
        const expiresAt = new Date(now.getTime() + deps.sessionMs);
        // Another process does not know this one's sessions, so the bound is kept in the database.
        const sessionId = await deps.sessions.openSession(
          {
            tokenHash: sha256Hex(token),
            playerId,
            providerId: game.platTypeId,
            gameCode: game.gameCode,
            createdAt: now,
            expiresAt,
          },
          MAX_LIVE_SESSIONS,
        );
        const url = await requestLaunch(endpoint, {
          token,
          user: player.username,
          game_code: game.gameCode,
          game_name: game.nameZh,
          currency: LEDGER_CURRENCY,
          lang: 'zh-CN',
          wallet_model: game.walletModel === WalletModel.TRANSFER ? 'transfer' : 'seamless',
        });
        if (opened.size >= REMEMBERED_LAUNCHES) opened.delete(opened.keys().next().value!);
        opened.set(key, { sessionId, url, expiresAt: expiresAt.getTime() });
        return url;
      });
    },
  };
}
