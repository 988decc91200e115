import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import type { Tx } from '../../db/client';
import type { WalletService } from '../wallet/wallet.service';

export interface PromotionsServiceDeps {
  /** DEMO_SIGNUP_BONUS in USDT; "0" (the default) grants nothing. */
  signupBonus: string;
  wallet: Pick<WalletService, 'transferIn'>;
}

/**
 * Promotions (spec §10). Today only the demo sign-up bonus; the promotions issue adds activities, claims and
 * their turnover requirements here.
 */
export function createPromotionsService(deps: PromotionsServiceDeps) {
  const signupBonusMicro = toMicro(deps.signupBonus);
  return {
    /**
     * Called in the registration transaction (registered with auth's onPlayerCreated hook), after the wallet opened the player's
     * account: the bonus commits or rolls back with the player. The key is the player id, so it is paid once.
     */
    async onPlayerCreated(playerId: number, tx: Tx): Promise<void> {
      if (signupBonusMicro <= 0n) return;
      await deps.wallet.transferIn(tx, {
        key: `signup-bonus:${playerId}`,
        debit: { system: SystemAccount.PROMOTION_EXPENSE },
        credit: { player: playerId },
        amountMicro: signupBonusMicro,
        code: TransferCode.BONUS,
        reference: { type: 'signup_bonus', id: String(playerId) },
      });
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
