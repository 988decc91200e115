import { formatMicro } from '@koi/ledger';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { KoiModule } from '../module';
import type { ChangeFeed } from '../events';
import type { AuditPort } from '../operators';
import type { BetsService } from '../bets';
import type { WalletAdmin, WalletService } from '../wallet';
import { createPlayersAdmin, type PlayersAdmin } from './auth.admin';
import { authAdminRoutes } from './auth.admin.routes';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { createPlayerGate, type PlayerGate } from './player-gate';
import { securityRoutes } from './security.routes';
import { createSecurityService } from './security.service';
import { signInLinkRoutes } from './sign-in-link.routes';
import { createSignInLinks } from './sign-in-link.service';

/** Players, sign-in sessions, captchas and login events: what other modules may use of them. */
export { PlayerStatus } from './auth.schema';
export type { AuthService, AuthenticatedSession } from './auth.service';
export type { PlayersAdmin } from './auth.admin';
export { createPlayerGate, type PlayerGate } from './player-gate';
export { createPlayerDirectory, type PlayerDirectory } from './player-directory';
export type { SecurityService } from './security.service';
export type { SignInLinks } from './sign-in-link.service';

/**
 * The owner of players and their sessions. `gate` is the one check of whether a player may play or deposit
 * (frozen, self-excluded), given to every module that starts a game or takes money in.
 */
export function authModule(deps: {
  database: Database;
  config: Config;
  clock: Clock;
  wallet: Pick<WalletService, 'displayBalance' | 'openPlayerAccount' | 'balancesOf'>;
  walletAdmin: Pick<WalletAdmin, 'availableBalances' | 'recentEntries'>;
  audit: AuditPort;
  /** Valid bets still required before a withdrawal (the withdrawals module's turnover). */
  turnoverRemainingOf: (playerId: number) => Promise<bigint>;
  /** Called in the registration transaction after the player's wallet account opened (promotions). */
  onPlayerCreated: (playerId: number, tx: Tx) => Promise<void>;
  /** The result of the current session's bets for the security centre (the bets module, owner of bet_rounds). */
  results: Pick<BetsService, 'totalsBetween'>;
  /** Called after a sign-out or a freeze: the providers module ends the player's game sessions. */
  endPlayerSessions: (playerId: number) => Promise<void>;
  /** Committed changes heard on every node; with it, session checks are cached (auth.service.ts). */
  changes?: Pick<ChangeFeed, 'on' | 'onReset' | 'isLive'>;
}): KoiModule<AuthService> & { gate: PlayerGate; admin: PlayersAdmin } {
  const { database, config, clock, wallet } = deps;
  const service = createAuthService({
    db: database.db,
    config,
    clock,
    balanceOf: wallet.displayBalance,
    turnoverRemainingOf: async (playerId) => formatMicro(await deps.turnoverRemainingOf(playerId)),
    onPlayerCreated: async (playerId, tx) => {
      await wallet.openPlayerAccount(playerId, tx);
      await deps.onPlayerCreated(playerId, tx);
    },
    onSignedOut: deps.endPlayerSessions,
    changes: deps.changes,
  });
  // Sign-in links (decision 31): one-time codes that a link carries instead of a session token, made by the
  // player for another device or by support in the console.
  const links = createSignInLinks({ db: database.db, config, clock });
  const admin = createPlayersAdmin({ db: database.db, clock, links, onFrozen: deps.endPlayerSessions });
  // The security centre: sessions, password change, self-exclusion.
  const security = createSecurityService({
    db: database.db,
    config,
    clock,
    results: deps.results,
    onSignedOut: deps.endPlayerSessions,
  });
  return {
    service,
    gate: createPlayerGate(database.db, clock),
    admin,
    plugin: async (app) => {
      await app.register(authRoutes, { auth: service, config });
      await app.register(securityRoutes, { security });
      await app.register(signInLinkRoutes, { links, config });
      await app.register(authAdminRoutes, {
        players: admin,
        wallet,
        ledger: deps.walletAdmin,
        audit: deps.audit,
      });
    },
    jobs: [],
  };
}
