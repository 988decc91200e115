import { createChangeCache } from '../../lib/change-cache';
import type { ChangeFeed } from '../events';
import type { KoiModule, ModuleContext } from '../module';
import type { AuditPort } from '../audit';
import { createContentAdmin, type ContentAdmin } from './content.admin';
import { contentAdminRoutes } from './content.admin.routes';
import { contentRoutes } from './content.routes';
import { createContentService } from './content.service';

/**
 * Bulletins, configuration items, banners and uploads: the player app's content and the console's editor.
 * `firstScreenImages` names the picture the home page paints first (the first enabled banner), for
 * index.html to preload (plugins/web.ts); it is kept in memory until the banners change (the change feed).
 */
export function contentModule(
  deps: ModuleContext<'console'> & {
    audit: AuditPort;
    changes: Pick<ChangeFeed, 'on' | 'onReset' | 'isLive'>;
  },
): KoiModule<ContentAdmin> & { firstScreenImages: () => Promise<string[]> } {
  const admin = createContentAdmin({
    db: deps.database.db,
    clock: deps.clock,
    uploadsDir: deps.config.console.uploadsDir,
  });
  const content = createContentService(deps.database.db);
  const firstScreen = createChangeCache<string[]>({
    ttlMs: 10 * 60_000,
    max: 1,
    clock: deps.clock,
    enabled: deps.changes.isLive,
  });
  deps.changes.on('public', (table) => firstScreen.invalidate(table));
  deps.changes.onReset(() => firstScreen.clear());
  return {
    service: admin,
    plugin: async (app) => {
      await app.register(contentRoutes, { content });
      await app.register(contentAdminRoutes, { admin, audit: deps.audit });
    },
    jobs: [],
    firstScreenImages: () =>
      firstScreen.through(
        'home',
        async () => (await content.banners()).slice(0, 1).map((banner) => banner.image),
        () => ['banners'],
      ),
  };
}
