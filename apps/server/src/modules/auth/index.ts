import type { Tx } from '../../db/client';
import { createHooks } from '../../lib/hooks';
import type { KoiModule, ModuleContext } from '../module';
import type { ChangeFeed, DomainEventBus } from '../events';
import type { AuditPort } from '../audit';
import type { WalletAdmin, WalletService } from '../wallet';
import { createPlayersAdmin, type PlayersAdmin } from './auth.admin';
import { authAdminRoutes } from './auth.admin.routes';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { createPlayerGate, type PlayerGate } from './player-gate';
import { securityRoutes } from './security.routes';
import { createSecurityService, type SecurityService } from './security.service';
import { signInLinkRoutes } from './sign-in-link.routes';
import { createSignInLinks, type SignInLinks } from './sign-in-link.service';

/** Players, sign-in sessions, captchas and login events: what other modules may use of them. */
export { PlayerStatus } from './auth.schema';
export type { AuthService, AuthenticatedSession, PlayerInfo } from './auth.service';
export type { PlayersAdmin } from './auth.admin';
export { createPlayerGate, type CheckedStanding, type PlayerGate } from './player-gate';
export { createPlayerDirectory, type PlayerDirectory } from './player-directory';
export type { SecurityService } from './security.service';
export type { SignInLinks } from './sign-in-link.service';
export { requestContext } from './auth.routes';

/** Where modules above auth register what they do when a player is created or a player's sessions end. */
export interface AuthHooks {
  /** Runs inside the registration transaction, after the player's wallet account opened (promotions). */
  onPlayerCreated(hook: (playerId: number, tx: Tx) => Promise<void>): void;
  /** Runs after a sign-out, a freeze or a self-exclusion ended sessions (providers end game sessions). */
  onSessionsEnded(hook: (playerId: number) => Promise<void>): void;
}

/**
 * The owner of players and their sessions. `gate` is the one check of whether a player may play or deposit
 * (frozen, self-excluded), given to every module that starts a game or takes money in.
 */
export function authModule(
  deps: ModuleContext & {
    wallet: Pick<WalletService, 'displayBalance' | 'openPlayerAccount' | 'balancesOf'>;
    walletAdmin: Pick<WalletAdmin, 'availableBalances' | 'recentEntries'>;
    audit: AuditPort;
    /** Committed changes heard on every node; with it, session checks are cached (auth.service.ts). */
    changes?: Pick<ChangeFeed, 'on' | 'onReset' | 'isLive'>;
    /** Where a freeze or a self-exclusion is announced after it committed (`player.frozen`). */
    domain?: Pick<DomainEventBus, 'emit'>;
  },
): KoiModule<AuthService> & {
  gate: PlayerGate;
  admin: PlayersAdmin;
  security: SecurityService;
  links: SignInLinks;
  hooks: AuthHooks;
} {
  const { database, config, clock, wallet } = deps;
  // Modules above this one act when a player is created (inside the registration transaction) and after a
  // player's sessions end (sign-out, freeze, self-exclusion) by registering here when they are built.
  const playerCreated = createHooks<[playerId: number, tx: Tx]>();
  const sessionsEnded = createHooks<[playerId: number]>();
  const service = createAuthService({
    db: database.db,
    config,
    clock,
    balanceOf: wallet.displayBalance,
    onPlayerCreated: async (playerId, tx) => {
      await wallet.openPlayerAccount(playerId, tx);
      await playerCreated.run(playerId, tx);
    },
    onSignedOut: sessionsEnded.run,
    changes: deps.changes,
  });
  // Sign-in links (decision 31): one-time codes that a link carries instead of a session token, made by the
  // player for another device or by support in the console.
  const links = createSignInLinks({ db: database.db, config, clock });
  const admin = createPlayersAdmin({
    db: database.db,
    clock,
    links,
    onFrozen: async (playerId) => {
      deps.domain?.emit('player.frozen', { playerId, frozen: true, cause: 'operator' });
      await sessionsEnded.run(playerId);
    },
  });
  // The security centre: sessions, password change, self-exclusion.
  const security = createSecurityService({
    db: database.db,
    config,
    clock,
    onSignedOut: sessionsEnded.run,
    onSelfExcluded: (playerId) =>
      deps.domain?.emit('player.frozen', { playerId, frozen: true, cause: 'self_exclusion' }),
  });
  return {
    service,
    gate: createPlayerGate(database.db, clock),
    admin,
    security,
    links,
    hooks: { onPlayerCreated: playerCreated.add, onSessionsEnded: sessionsEnded.add },
    plugin: async (app) => {
      await app.register(authRoutes, { auth: service, config });
      await app.register(securityRoutes, { security });
      await app.register(signInLinkRoutes, { links });
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
