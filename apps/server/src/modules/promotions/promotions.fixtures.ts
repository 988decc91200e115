import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { toMicro } from '@koi/ledger';
import { body, fundedPlayer, playerIdByName, type TestApp } from '../../../test/app';
import { queryRows } from '../../db/client';
import { createPlayerDirectory } from '../auth';
import { betsForTests } from '../bets/bets.fixtures';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import { deposit as ledgerDeposit } from '../wallet/wallet.fixtures';
import { createWalletService } from '../wallet/wallet.service';
import { createPromotionsRepository } from './promotions.repository';
import { PromotionStatus } from './promotions.schema';
import { createPromotionsService } from './promotions.service';
import { TYPE_TEMPLATE } from './rules';

/** Shared helpers of the promotions tests: players with deposits, running promotions, calls, invariants. */
export function promotionsHarness(t: () => TestApp) {
  const wallet = () => createWalletService({ db: t().database.db, clock: t().clock, batching: false });
  const turnover = () => turnoverForTests(t().database, t().clock);
  const service = () =>
    createPromotionsService({
      db: t().database.db,
      clock: t().clock,
      signupBonus: '0',
      wallet: wallet(),
      turnover: turnover(),
      bets: betsForTests({ database: t().database, clock: t().clock }),
      players: createPlayerDirectory(t().database.db),
    });

  const playerIdOf = (username: string) => playerIdByName(t(), username);

  /** A signed-up player; `country` is sent in the geo header (cf-ipcountry, the default) at registration. */
  async function player(opts: { deposit?: string; device?: string; country?: string } = {}) {
    const headers: Record<string, string> = opts.country ? { 'cf-ipcountry': opts.country } : {};
    return fundedPlayer(t(), { deposit: opts.deposit, device: opts.device, headers });
  }

  /** A deposit as the ledger records it (what the deposit rules read). */
  async function deposit(playerId: number, amount: string) {
    await ledgerDeposit(wallet(), playerId, amount);
  }

  /** A running promotion of the type, straight into its table (the console's path is tested on its own). */
  async function promotion(
    type: number,
    rules: Record<string, unknown>,
    extra: { budget?: string; household?: boolean; audience?: Record<string, unknown>; cap?: number } = {},
  ) {
    const now = t().clock.now();
    return createPromotionsRepository(t().database.db).insert({
      type,
      template: TYPE_TEMPLATE[type]!,
      title: `测试活动 ${type}`,
      rules,
      audience: extra.audience ?? {},
      startsAt: new Date(now.getTime() - 60_000),
      endsAt: null,
      budgetMicro: extra.budget ? toMicro(extra.budget) : null,
      perPlayerCap: extra.cap ?? 1,
      oncePerHousehold: extra.household ?? false,
      status: PromotionStatus.RUNNING,
      createdAt: now,
      updatedAt: now,
    });
  }

  async function call<T = unknown>(
    auth: Record<string, string> | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) {
    const res = await t().app.inject({ method, url, headers: auth ?? {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, ...body<T>(res) };
  }

  const claim = (auth: Record<string, string>, id: number) =>
    call<{ amount: string; bonus_id: number; turnover_required: string }>(
      auth,
      'POST',
      '/api/plat/task/receive',
      { id },
    );

  async function dice(auth: Record<string, string>, amount: string, target = '50') {
    return call<{ payout: string }>(auth, 'POST', '/api/originals/dice/bet', {
      idempotency_key: randomUUID(),
      amount,
      target,
      direction: 'over',
    });
  }

  async function available(playerId: number) {
    const b = (await wallet().balancesOf(playerId)).find((x) => x.currency === 'USDT');
    return b?.availableMicro ?? 0n;
  }

  /** The ledger's invariants (what `ledger:verify` checks) and the budgets' own: spent = what claims paid. */
  async function invariantsClean() {
    expect(await wallet().verify()).toEqual([]);
    const drift = await queryRows<{ id: string }>(
      t().database.db,
      sql`select p.id::text from promotions p
          left join (select promotion_id, sum(amount_micro) paid from promotion_claims group by 1) c on c.promotion_id = p.id
          where p.spent_micro <> coalesce(c.paid, 0)`,
    );
    expect(drift).toEqual([]);
  }

  return {
    wallet,
    turnover,
    service,
    player,
    deposit,
    promotion,
    call,
    claim,
    dice,
    available,
    invariantsClean,
    playerIdOf,
  };
}

export const TERMS = { multiple_centis: 1000, max_bet: null, max_win: null, expiry_days: 30 };

/**
 * The rules of a first-deposit bonus that matches the deposit in full (100 %) up to `maxBonus`, for a deposit of
 * at least `minDeposit`, with `terms` changed from TERMS: the bonus the max-bet and max-win tests start from.
 */
export const fullMatch = (maxBonus: string, terms: Record<string, unknown> = {}, minDeposit = '1') => ({
  deposit: 'first',
  percent_bp: 10_000,
  min_deposit: minDeposit,
  max_bonus: maxBonus,
  terms: { ...TERMS, ...terms },
});
