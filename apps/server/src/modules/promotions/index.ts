import type { Config } from '../../config';
import type { AuthHooks } from '../auth';
import type { KoiModule } from '../module';
import type { WalletService } from '../wallet/wallet.service';
import { createPromotionsService, type PromotionsService } from './promotions.service';

export type { PromotionsService } from './promotions.service';

/** Promotions: the demo sign-up bonus today (DEMO_SIGNUP_BONUS); promotions, activities and claims will be built here. */
export function promotionsModule(deps: {
  config: Pick<Config, 'demoSignupBonus'>;
  wallet: Pick<WalletService, 'transferIn'>;
  /** A new player: the sign-up bonus is granted inside the registration transaction. */
  authHooks: Pick<AuthHooks, 'onPlayerCreated'>;
}): KoiModule<PromotionsService> {
  const service = createPromotionsService({ signupBonus: deps.config.demoSignupBonus, wallet: deps.wallet });
  deps.authHooks.onPlayerCreated(service.onPlayerCreated);
  return { service, plugin: async () => {}, jobs: [] };
}
