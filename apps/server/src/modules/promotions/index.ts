import { AdvisoryLock } from '../../db/locks';
import type { AuditPort } from '../audit';
import type { AuthHooks, AuthService } from '../auth';
import type { BetsService } from '../bets';
import type { DomainEventBus } from '../events';
import type { KoiModule, ModuleContext } from '../module';
import type { TurnoverService } from '../turnover';
import type { WalletService } from '../wallet/wallet.service';
import type { WithdrawalsService } from '../withdrawals';
import { createCoalescer } from '../../lib/coalesce';
import { promotionsAdminRoutes, promotionsRoutes } from './promotions.routes';
import { createPromotionsService, type LinkSource, type PromotionsService } from './promotions.service';

export type { GrantInput, LinkSource, PromotionsService } from './promotions.service';

/** How long after a player's first settled round of a burst their played-through bonuses are cleared. */
const CLEAR_AFTER_SETTLED_MS = 200;

/**
 * Promotions (decisions 25, 36): promotion records evaluated by one rule engine (rules.ts), claims, bonus
 * grants with frozen terms, households of linked accounts; the demo sign-up bonus. It registers with the
 * layers below: auth's onPlayerCreated (the sign-up bonus), bets' stake guard (the largest bet while a bonus
 * is open, on every bet path), withdrawals' apply guard and the `bet.settled` event (clearing played-through
 * bonuses, cutting winnings above their largest convertible win) and the `player.frozen` event (forfeiting
 * open bonuses).
 */
export function promotionsModule(
  deps: ModuleContext<'demoSignupBonus'> & {
    wallet: Pick<WalletService, 'transferIn' | 'depositsOf' | 'availableIn'>;
    turnover: Pick<TurnoverService, 'addRequirement' | 'progressOf' | 'waive'>;
    bets: Pick<BetsService, 'validBets' | 'bestHit' | 'addStakeGuard' | 'netResultBetween' | 'setStakeCap'>;
    /** Withdrawals run the clearing of played-through bonuses (the largest convertible win) before applying. */
    withdrawals: Pick<WithdrawalsService, 'addApplyGuard'>;
    players: Pick<AuthService, 'standingOf' | 'linkedBySignUp' | 'usernamesOf' | 'authenticate'>;
    audit: AuditPort;
    /** A new player: the sign-up bonus is granted inside the registration transaction. */
    authHooks: Pick<AuthHooks, 'onPlayerCreated'>;
    domain: Pick<DomainEventBus, 'on'>;
    /** Links between accounts owned by other modules (withdrawal addresses, TRC20 senders). */
    linkSources?: LinkSource[];
    /** Where a failed clearing after settled rounds is logged. */
    log?: { error(details: object, message: string): void };
  },
): KoiModule<PromotionsService> {
  const service = createPromotionsService({
    db: deps.database.db,
    clock: deps.clock,
    signupBonus: deps.config.demoSignupBonus,
    wallet: deps.wallet,
    turnover: deps.turnover,
    bets: deps.bets,
    players: deps.players,
    linkSources: deps.linkSources,
  });
  deps.authHooks.onPlayerCreated(service.onPlayerCreated);
  deps.bets.addStakeGuard(service.guardStake);
  deps.withdrawals.addApplyGuard(async (playerId) => {
    await service.clearCompleted(playerId);
  });
  deps.domain.on('player.frozen', async (e) => {
    if (e.frozen) await service.forfeitOpen(e.playerId);
  });
  // A settled round is the only thing that can complete a requirement: clear (and cut) what it completed.
  // A player's rounds come in bursts (a slot spins several times a second), so the clearing runs once per
  // burst, CLEAR_AFTER_SETTLED_MS after its first round, not a query per round on the provider wallet's hot
  // path; the bonus-play window is then at most that much longer, which is the house's side (the design note
  // in promotions.service.ts). A failed clearing is logged; the next burst or the withdrawal's guard clears.
  const clearing = createCoalescer<number>(
    CLEAR_AFTER_SETTLED_MS,
    async (playerId) => {
      await service.clearCompleted(playerId);
    },
    (err, playerId) =>
      deps.log?.error(
        { err: err instanceof Error ? err.message : String(err), playerId },
        'bonus clearing failed',
      ),
  );
  deps.domain.on('bet.settled', (e) => clearing.touch(e.playerId));
  return {
    service,
    plugin: async (app) => {
      app.addHook('onClose', async () => clearing.stop());
      await app.register(promotionsRoutes, { promotions: service, sessions: deps.players });
      await app.register(promotionsAdminRoutes, { promotions: service, audit: deps.audit });
    },
    jobs: [
      {
        name: 'promotions-expire-bonuses',
        lockId: AdvisoryLock.JOB_EXPIRE_BONUSES,
        everyMs: 60_000,
        run: () => service.expireGrants(),
      },
    ],
  };
}
