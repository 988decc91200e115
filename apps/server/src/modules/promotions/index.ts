import type { Config } from '../../config';
import type { KoiModule } from '../module';
import type { WalletService } from '../wallet/wallet.service';
import { createPromotionsService, type PromotionsService } from './promotions.service';

export type { PromotionsService } from './promotions.service';

/** Promotions: the demo sign-up bonus today (DEMO_SIGNUP_BONUS); activities and claims arrive with issue 14. */
export function promotionsModule(deps: {
  config: Pick<Config, 'demoSignupBonus'>;
  wallet: Pick<WalletService, 'transferIn'>;
}): KoiModule<PromotionsService> {
  const service = createPromotionsService({ signupBonus: deps.config.demoSignupBonus, wallet: deps.wallet });
  return { service, plugin: async () => {}, jobs: [] };
}
