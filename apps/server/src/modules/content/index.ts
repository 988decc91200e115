import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { KoiModule } from '../module';
import type { AuditPort } from '../operators';
import { createContentAdmin, type ContentAdmin } from './content.admin';
import { contentAdminRoutes } from './content.admin.routes';
import { contentRoutes } from './content.routes';
import { createContentService } from './content.service';

/** Bulletins, configuration items, banners and uploads: the player app's content and the console's editor. */
export function contentModule(deps: {
  database: Database;
  config: Pick<Config, 'console'>;
  clock: Clock;
  audit: AuditPort;
}): KoiModule<ContentAdmin> {
  const admin = createContentAdmin({
    db: deps.database.db,
    clock: deps.clock,
    uploadsDir: deps.config.console.uploadsDir,
  });
  return {
    service: admin,
    plugin: async (app) => {
      await app.register(contentRoutes, { content: createContentService(deps.database.db) });
      await app.register(contentAdminRoutes, { admin, audit: deps.audit });
    },
    jobs: [],
  };
}
