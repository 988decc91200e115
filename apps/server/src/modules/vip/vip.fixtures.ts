import type { BatchLogger } from '../../lib/group-commit';
import { sql } from 'drizzle-orm';
import { body, signUp, type TestApp } from '../../../test/app';
import { queryRows } from '../../db/client';
import { createPlayerDirectory, createPlayerGate } from '../auth';
import { betsForTests } from '../bets/bets.fixtures';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import { createWalletService } from '../wallet/wallet.service';
import { seedVipTable } from './vip.seed';
import { createVipService } from './vip.service';

/**
 * The VIP service on a test app's database and clock (the same rules the app runs, built beside it so a test
 * can call the jobs directly), with the demo VIP table seeded, and helpers that place valid bets.
 */
export function vipHarness(t: () => TestApp) {
  /** The service over the test app's database; `log` receives claim batches that failed as a whole. */
  const service = (log?: BatchLogger) => {
    const { database, clock } = t();
    return createVipService({
      database,
      clock,
      wallet: createWalletService({ db: database.db, clock, batching: false }),
      turnover: turnoverForTests(database, clock),
      bets: betsForTests({ database, clock }),
      directory: createPlayerDirectory(database.db),
      gate: createPlayerGate(database.db, clock),
      log,
    });
  };

  async function player() {
    const signed = await signUp(t().app);
    const [row] = await queryRows<{ id: number | string }>(
      t().database.db,
      sql`select id from players where lower(username) = lower(${signed.username})`,
    );
    return { ...signed, id: Number(row!.id) };
  }

  let round = 0;
  /**
   * A provider's round of `stakeMicro` in `category`, settled now through the bets module's own SQL (what a
   * provider's wallet call runs); `rollBack` then rolls it back as a provider would.
   */
  async function providerRound(
    playerId: number,
    stakeMicro: bigint,
    opts: { category?: number; rollBack?: boolean } = {},
  ) {
    round += 1;
    const id = `vip-${process.pid}-${Date.now()}-${round}`;
    const now = t().clock.now().toISOString();
    await t().database.db.execute(
      sql`select koi_bet_round_record(1, ${id}, ${playerId}, 'pg-demo', ${opts.category ?? 5},
                                      ${stakeMicro.toString()}::bigint, 0, true, ${now}::timestamptz)`,
    );
    if (opts.rollBack) {
      await t().database.db.execute(
        sql`select koi_bet_round_rolled_back(1, ${id}, ${playerId}, ${stakeMicro.toString()}::bigint, ${now}::timestamptz)`,
      );
    }
  }

  async function get<T>(auth: Record<string, string>, url: string) {
    return body<T>(await t().app.inject({ method: 'GET', url, headers: auth }));
  }
  async function post<T>(auth: Record<string, string>, url: string, payload: object = {}) {
    return body<T>(await t().app.inject({ method: 'POST', url, headers: auth, payload }));
  }

  return { service, player, providerRound, get, post, seed: () => seedVipTable(t().database.db) };
}
