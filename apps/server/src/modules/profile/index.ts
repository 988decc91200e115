import type { KoiModule } from '../module';
import { profileRoutes } from './profile.routes';

/**
 * Views layer: the signed-in player's own summaries (/api/plat/info, the reality check's session summary, and
 * the user info a sign-in link's exchange answers with), composed from the modules below that own each figure.
 * It owns no table and no rule.
 */
export function profileModule(deps: Parameters<typeof profileRoutes>[1]): KoiModule<null> {
  return {
    service: null,
    plugin: async (app) => {
      await app.register(profileRoutes, deps);
    },
    jobs: [],
  };
}
