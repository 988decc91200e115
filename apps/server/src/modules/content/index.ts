import { keptPublicValue } from '../../lib/change-cache';
import type { ChangeFeed } from '../events';
import type { KoiModule, ModuleContext } from '../module';
import type { AuditPort } from '../audit';
import { createContentAdmin, type ContentAdmin } from './content.admin';
import { contentAdminRoutes } from './content.admin.routes';
import { contentRoutes } from './content.routes';
import { bannerWire, configItemWire } from './content.wire';
import type { FirstScreen } from '../../plugins/web';
import { createContentService } from './content.service';

/**
 * Bulletins, configuration items, banners and uploads: the player app's content and the console's editor.
 * `firstScreen` is what index.html carries for the home page's first render (plugins/web.ts): the banners and
 * the bulletin as GET /api/banner and GET /api/plat/bulletin answer them, and the picture painted first (the
 * first enabled banner's) to preload. It is kept in memory until the banners or the configuration items change
 * (the change feed), so a page load costs no query.
 */
export function contentModule(
  deps: ModuleContext<'console'> & {
    audit: AuditPort;
    changes: Pick<ChangeFeed, 'on' | 'onReset' | 'isLive'>;
  },
): KoiModule<ContentAdmin> & { firstScreen: () => Promise<FirstScreen> } {
  const admin = createContentAdmin({
    db: deps.database.db,
    clock: deps.clock,
    uploadsDir: deps.config.console.uploadsDir,
  });
  const content = createContentService(deps.database.db);
  const firstScreen = keptPublicValue<FirstScreen>({
    clock: deps.clock,
    changes: deps.changes,
    tables: ['banners', 'config_items'],
    load: async () => {
      const [banners, bulletin] = await Promise.all([
        content.banners().then((rows) => rows.map(bannerWire)),
        content.bulletin().then((rows) => rows.map(configItemWire)),
      ]);
      return { images: banners.slice(0, 1).map((banner) => banner.image), data: { banners, bulletin } };
    },
  });
  return {
    service: admin,
    plugin: async (app) => {
      await app.register(contentRoutes, { content });
      await app.register(contentAdminRoutes, { admin, audit: deps.audit });
    },
    jobs: [],
    firstScreen,
  };
}
