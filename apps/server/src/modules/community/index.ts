import path from 'node:path';
import { AdvisoryLock } from '../../db/locks';
import type { AuditPort } from '../audit';
import type { AuthService } from '../auth';
import type { BalanceHub } from '../events';
import type { KoiModule, ModuleContext } from '../module';
import { createCommunityAdmin, type CommunityAdmin } from './community.admin';
import { communityAdminRoutes } from './community.admin.routes';
import { createImageStore } from './community.images';
import { communityRoutes } from './community.routes';
import { seedCommunityDemo } from './community.seed';
import { createCommunityService } from './community.service';

export type { CommunityService } from './community.service';
export type { CommunityAdmin } from './community.admin';

/**
 * The player community and the /buy list (decision 28): posts with images, review, likes, comments, reports
 * and notifications for players; review, hiding posts and comments, bans and buy links for operators. Images
 * live under `KOI_DATA_DIR/community`; a job settles the ones staged for inserts that never finished.
 */
export function communityModule(
  deps: ModuleContext<'dataDir'> & {
    audit: AuditPort;
    players: Pick<AuthService, 'usernamesOf' | 'playerIdByUsername'>;
    signals?: Pick<BalanceHub, 'publish'>;
  },
): KoiModule<CommunityAdmin> & { seedDemo: () => Promise<void> } {
  const db = deps.database.db;
  const images = createImageStore(path.join(deps.config.dataDir, 'community'));
  const service = createCommunityService({
    db,
    clock: deps.clock,
    images,
    players: deps.players,
    signals: deps.signals,
  });
  const admin = createCommunityAdmin({ db, clock: deps.clock, images, players: deps.players });
  return {
    service: admin,
    plugin: async (app) => {
      await app.register(communityRoutes, { service });
      await app.register(communityAdminRoutes, { admin, audit: deps.audit });
    },
    jobs: [
      {
        name: 'community-sweep-images',
        lockId: AdvisoryLock.JOB_SWEEP_COMMUNITY_IMAGES,
        everyMs: 10 * 60_000,
        run: () => service.sweepStagedImages(),
      },
    ],
    seedDemo: () => seedCommunityDemo(db, images, deps.clock.now()),
  };
}
