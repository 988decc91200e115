import { AdvisoryLock } from '../../db/locks';
import type { AuthHooks, AuthService } from '../auth';
import type { BetsService } from '../bets';
import type { GamesHooks, GamesService } from '../games';
import type { KoiModule, ModuleContext } from '../module';
import { createProviderDirectory } from './directory';
import { createLaunchTarget, type LaunchTarget } from './launch';
import { launchRoutes } from './launch.routes';
import { createProviderAlerts } from './providers.alerts';
import { providersAdminRoutes } from './providers.admin.routes';
import { createProvidersRepository } from './providers.repository';
import { providersRoutes } from './providers.routes';
import { createSeamlessWallet, type SeamlessLedger } from './seamless.service';
import { createTransferClient } from './transfer.adapter';
import { createBetHistoryPull } from './bet-history';
import { createTransferWallet, type TransferLedger, type TransferWallet } from './transfer.service';

export type { TransferWallet } from './transfer.service';
export type { SeamlessWallet } from './seamless.service';

export interface ProvidersService extends LaunchTarget {
  /** Ends the player's game sessions (sign-out, freeze): no new bets on them; wins and rollbacks still settle. */
  endSessions(playerId: number): Promise<void>;
  /** Forgets cached providers (the console changed one). */
  invalidate(): void;
  /** The transfer-wallet providers: moves in and out, recall of the player's balance. */
  transfers: TransferWallet;
  /** Reads the transfer-wallet providers' bet histories into the bet records (the job's one run). */
  pullBetHistory(): Promise<number>;
}

/**
 * Third-party game providers (decision 15): the seamless wallet API they call, the transfer wallet Koi drives,
 * launching their games, their sessions and the console's alerts. Every provider is reached through the sandbox
 * process at PROVIDER_SIM_URL in development and tests.
 */
export function providersModule(
  deps: ModuleContext<'providerSim' | 'providerWins' | 'providerSessionMs'> & {
    log: { warn(obj: object, msg: string): void };
    wallet: SeamlessLedger & TransferLedger;
    players: Pick<AuthService, 'identity' | 'playerIdOf'>;
    /** The catalogue: its providers and games, and whether a game may be opened now. */
    games: Pick<GamesService, 'provider' | 'launchable' | 'findGame'>;
    /** A player's sessions ended (sign-out, freeze): their game sessions end too. */
    authHooks: Pick<AuthHooks, 'onSessionsEnded'>;
    /** The console changed a provider: the directory forgets what it cached. */
    gamesHooks: Pick<GamesHooks, 'onProvidersChanged'>;
    /**
     * The bets module: records pulled transfer-wallet rounds, is told of rounds that settled, after commit, and
     * guards every stake (seamless bets and moves into transfer-wallet games) with the rules registered there.
     */
    bets: Pick<BetsService, 'settled' | 'recordSettledRound' | 'guardStake'>;
  },
): KoiModule<ProvidersService> {
  const { database, config, clock } = deps;
  const db = database.db;
  const repo = createProvidersRepository(db);
  const transferClient = createTransferClient();
  const directory = createProviderDirectory(deps.games, config.providerSim, clock);
  const transfers = createTransferWallet({
    db,
    ledger: deps.wallet,
    client: transferClient,
    endpointFor: directory.endpointFor,
    providerOf: directory.provider,
    players: deps.players,
    stakes: deps.bets,
    clock,
  });
  const history = createBetHistoryPull({
    db,
    client: transferClient,
    endpointFor: directory.endpointFor,
    providerOf: directory.provider,
    players: deps.players,
    games: deps.games,
    bets: deps.bets,
    clock,
    log: deps.log,
  });
  const seamless = createSeamlessWallet({
    db,
    clock,
    ledger: deps.wallet,
    winBounds: config.providerWins,
    log: deps.log,
    rounds: deps.bets,
    stakes: { guardStake: deps.bets.guardStake, playerIdOf: deps.players.playerIdOf },
  });
  const launch = createLaunchTarget({
    players: deps.players,
    sessions: repo,
    endpointFor: directory.endpointFor,
    sessionMs: config.providerSessionMs,
    clock,
    transfers,
  });
  const service: ProvidersService = {
    launchUrl: launch.launchUrl,
    endSessions: async (playerId) => {
      await repo.endSessions(playerId, clock.now());
    },
    invalidate: directory.invalidate,
    transfers,
    pullBetHistory: () => history.pullOnce(),
  };
  deps.authHooks.onSessionsEnded(service.endSessions);
  deps.gamesHooks.onProvidersChanged(service.invalidate);
  return {
    service,
    plugin: async (app) => {
      await app.register(providersRoutes, { wallet: seamless, directory, clock });
      await app.register(launchRoutes, { games: deps.games, launcher: launch, transfers });
      await app.register(providersAdminRoutes, { alerts: createProviderAlerts(db) });
    },
    jobs: [
      {
        name: 'reconcile-provider-transfers',
        lockId: AdvisoryLock.JOB_RECONCILE_TRANSFERS,
        everyMs: 15_000,
        run: () => transfers.reconcile(),
      },
      {
        name: 'pull-provider-bet-history',
        lockId: AdvisoryLock.JOB_PULL_BET_HISTORY,
        everyMs: 30_000,
        run: () => history.pullOnce(),
      },
    ],
  };
}
