import type { FirstScreenCatalogue } from '@koi/contract';
import { HOT_GAMES_PAGE } from '@koi/contract/client';
import type { Database } from '../../db/client';
import { keptPublicValue } from '../../lib/change-cache';
import type { Clock } from '../../lib/clock';
import type { ChangeFeed } from '../events';
import type { SvgRaster } from '../../lib/svg-raster';
import type { KoiModule } from '../module';
import type { AuditPort } from '../audit';
import type { PlayerGate } from '../auth';
import { createGamesAdmin } from './games.admin';
import { gamesAdminRoutes } from './games.admin.routes';
import { createGamesRepository } from './games.repository';
import { CATALOGUE_TABLES, gamesRoutes } from './games.routes';
import { createGamesService, type GamesService } from './games.service';
import { categoryTabWire, gamePageWire } from './games.wire';

/** The game catalogue (providers, categories, games) and launching: what other modules may use of it. */
export { WalletModel } from './games.schema';
export { gameKey, type GamesService } from './games.service';
export { createProviderCatalogue, type CatalogueProvider } from './provider-catalogue';
export type { GameRow } from './games.repository';
export { assertPlayable } from './playable';

/** Where modules above the catalogue register what they do when the console changes it. */
export interface GamesHooks {
  onProvidersChanged(forget: () => void): void;
}

export function gamesModule(deps: {
  database: Database;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  audit: AuditPort;
  changes: Pick<ChangeFeed, 'on' | 'onReset' | 'isLive'>;
  clock: Clock;
  /** Draws the generated artwork as WebP (lib/svg-raster.ts); the app shares one with its static pictures. */
  raster?: SvgRaster;
}): KoiModule<GamesService> & {
  hooks: GamesHooks;
  /**
   * The home's catalogue that index.html carries (FirstScreenCatalogue in the contract): the categories' tabs
   * and the first page of hot games in the product language, as their routes answer them. Kept in memory until
   * the catalogue changes (the change feed), so a page load costs no query.
   */
  firstScreen: () => Promise<FirstScreenCatalogue>;
} {
  const repo = createGamesRepository(deps.database.db);
  const service = createGamesService({
    db: deps.database.db,
    repo,
    gate: deps.gate,
  });
  // The console changed a provider: modules above that cache providers (providers) forget them.
  const providersChanged: (() => void)[] = [];
  const admin = createGamesAdmin({
    db: deps.database.db,
    onProvidersChanged: () => providersChanged.forEach((forget) => forget()),
  });
  const firstScreen = keptPublicValue<FirstScreenCatalogue>({
    clock: deps.clock,
    changes: deps.changes,
    tables: CATALOGUE_TABLES,
    load: async () => {
      const locale = 'zh-CN';
      const [gameTypes, hot] = await Promise.all([
        service.categories(locale),
        service.hot({ page: HOT_GAMES_PAGE.page, size: HOT_GAMES_PAGE.size }),
      ]);
      return { locale, gameTypes: gameTypes.map(categoryTabWire), hotGames: gamePageWire(hot, locale) };
    },
  });
  return {
    service,
    hooks: { onProvidersChanged: (forget) => void providersChanged.push(forget) },
    firstScreen,
    plugin: async (app) => {
      await app.register(gamesRoutes, { games: service, raster: deps.raster });
      await app.register(gamesAdminRoutes, { admin, audit: deps.audit });
    },
    jobs: [],
  };
}
