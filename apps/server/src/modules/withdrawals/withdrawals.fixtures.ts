import { randomBytes, randomUUID } from 'node:crypto';
import bs58check from 'bs58check';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminWithdrawal } from '@koi/contract';
import { body, fundedPlayer, playerIdByName, type TestApp } from '../../../test/app';
import type { RunningSandbox } from '../../../test/sim';
import { queryRows } from '../../db/client';
import { deposit as ledgerDeposit } from '../wallet/wallet.fixtures';
import { createWalletService } from '../wallet/wallet.service';
import { createWalletAdmin } from '../wallet/wallet.admin';
import { createOperatorsService } from '../operators/operators.service';
import { createOperator, signedInOperator } from '../operators/operators.fixtures';
import { createAuthService } from '../auth/auth.service';
import { createPlayerGate } from '../auth';
import { createDepositsService } from '../deposits/deposits.service';
import { createAuditLog } from '../audit';
import { betsForTests } from '../bets/bets.fixtures';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import { createHttpPayoutRail, type PayoutRail } from './payout.client';
import { createWithdrawalsService } from './withdrawals.service';

/** Shared helpers of the withdrawals tests: players with a withdrawal password, money, addresses. */

export const WITHDRAW_PASSWORD = 'withdraw-8';

/** A fresh valid TRC20 address (0x41 + 20 random bytes, base58check). */
export function trc20(): string {
  return bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
}

/** Two valid TRC20 addresses with the same first and last 4 characters (found once by brute force). */
export const LOOK_ALIKE = [
  'TWtuxNBvVD8KYVfeyxgNetfQC4dTo3fA4X',
  'TWtuxNBvVD8KYVfeyxgNetfRu9YZAifA4X',
] as const;

export function withdrawalsHarness(t: () => TestApp) {
  const wallet = () => createWalletService({ db: t().database.db, clock: t().clock, batching: false });

  async function call<T = unknown>(auth: Record<string, string>, path: string, payload: object = {}) {
    const res = await t().app.inject({ method: 'POST', url: `/api/plat/${path}`, headers: auth, payload });
    return { status: res.statusCode, ...body<T>(res) };
  }

  const playerIdOf = (username: string) => playerIdByName(t(), username);

  /** A signed-in player with a withdrawal password and, optionally, money deposited through the ledger. */
  async function player(opts: { deposit?: string; password?: boolean; device?: string } = {}) {
    const signed = await fundedPlayer(t(), { device: opts.device });
    if (opts.password !== false) {
      const set = await call(signed.auth, 'set-password', { password: WITHDRAW_PASSWORD });
      expect(set.code).toBe(200);
    }
    if (opts.deposit) await fund(signed.playerId, opts.deposit);
    return signed;
  }

  const fund = (playerId: number, amount: string) => ledgerDeposit(wallet(), playerId, amount);

  async function bind(auth: Record<string, string>, address = trc20(), extra: object = {}) {
    const res = await call<{ id: number; address: string }>(auth, 'bind-address', {
      type: '1',
      address,
      area: '',
      ...extra,
    });
    expect(res.code, res.message).toBe(200);
    return res.result;
  }

  async function balances(playerId: number) {
    const [b] = await wallet().balancesOf(playerId);
    return { available: b?.availableMicro ?? 0n, held: b?.heldMicro ?? 0n, posted: b?.postedMicro ?? 0n };
  }

  const apply = (
    auth: Record<string, string>,
    fields: { amount: string; address_id: number; request_id?: string; password?: string },
  ) =>
    call<{
      id: number;
      state: string;
      status: number;
      total: string;
      fee: string;
      tx_hash: string | null;
      reason: string | null;
    }>(auth, 'withdraw-apply', { password: WITHDRAW_PASSWORD, request_id: randomUUID(), ...fields });

  const ledgerClean = async () => expect(await wallet().verify()).toEqual([]);

  /** How many withdrawals the player has in any state (an applied, refused or repeated request shows here). */
  async function withdrawalCount(playerId: number): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      t().database.db,
      sql`select count(*)::int n from withdrawals where player_id = ${playerId}`,
    );
    return Number(rows[0]!.n);
  }

  /** The withdrawals service on the test app's database, for the jobs a test runs by hand. */
  const service = (rail: PayoutRail | null) =>
    createWithdrawalsService({
      db: t().database.db,
      clock: t().clock,
      config: t().app.koi.config.withdrawals,
      players: createAuthService({ db: t().database.db, config: t().app.koi.config, clock: t().clock }),
      operators: createOperatorsService({
        db: t().database.db,
        config: t().app.koi.config,
        clock: t().clock,
      }),
      adjustments: createWalletAdmin({
        db: t().database.db,
        clock: t().clock,
        wallet: wallet(),
        approvalAboveMicro: t().app.koi.config.console.approvalAboveMicro,
        dailyAdjustmentsMicro: t().app.koi.config.console.dailyAdjustmentsMicro,
      }),
      wallet: wallet(),
      records: betsForTests({ database: t().database, clock: t().clock }),
      turnover: turnoverForTests(t().database, t().clock),
      deposits: createDepositsService({
        db: t().database.db,
        clock: t().clock,
        config: t().app.koi.config,
        gate: createPlayerGate(t().database.db, t().clock),
      }),
      rail,
      audit: createAuditLog({ db: t().database.db, clock: t().clock, config: t().app.koi.config }),
    });

  /** Enables the off-chain payout methods (types 2 and 3) under their default names, as an operator would. */
  async function enableMethods() {
    const s = service(null);
    for (const [type, name] of [
      [2, '转账钱包（手机号）'],
      [3, '其他钱包'],
    ] as const) {
      await s.setPayoutMethod(type, { enabled: true, name }, 1);
    }
  }

  /**
   * Binds `lookAlike` and expects the poisoning guard's refusal (5008): its details and its message name both
   * the look-alike and the address it resembles.
   */
  async function expectLookAlikeRefused(auth: Record<string, string>, lookAlike: string, similarTo: string) {
    const refused = await call(auth, 'bind-address', { type: '1', address: lookAlike });
    expect(refused.code).toBe(5008);
    expect(refused.error).toEqual({
      message: refused.message,
      details: { address: lookAlike, similar_to: similarTo },
    });
    expect(refused.message).toContain(lookAlike);
    expect(refused.message).toContain(similarTo);
  }

  /**
   * The console's withdrawal routes as `auth` calls them: GET `/api/admin/withdrawals<path>` without a
   * payload, POST with one. `T` is the shape the calling test reads.
   */
  const adminApi =
    <T>() =>
    (auth: Record<string, string>, path: string, payload?: object) =>
      t()
        .app.inject({
          method: payload ? 'POST' : 'GET',
          url: `/api/admin/withdrawals${path}`,
          headers: auth,
          payload,
        })
        .then((res) => ({ status: res.statusCode, ...body<T>(res) }));

  /** A withdrawal as the console shows it to a finance operator: its review context, who approved it. */
  const adminView = async (id: number) =>
    (await adminApi<AdminWithdrawal>()((await signedInOperator(t(), 'finance')).auth, `/${id}`)).result;

  /** The audit log's entries about one target, oldest first: [action, operator id (null for the system)]. */
  async function auditActions(id: number, type = 'withdrawal') {
    const rows = await queryRows<{ action: string; operator_id: number | null }>(
      t().database.db,
      sql`select action, operator_id::int as operator_id from operator_audit where target_type = ${type} and target_id = ${String(id)} order by seq`,
    );
    return rows.map((r) => [r.action, r.operator_id] as const);
  }

  /** A player with `deposit` who bound a fresh TRC20 address and applied for `amount`. */
  async function applied(amount = '50', deposit = '100') {
    const p = await player({ deposit });
    const address = await bind(p.auth, trc20());
    const res = await apply(p.auth, { amount, address_id: address.id });
    expect(res.code, res.message).toBe(200);
    return { p, address: address.address, id: res.result.id };
  }

  // An operator who approves through the service (the rules of who may decide need a real operator, not linked
  // to the player), created once per test file.
  let approverId: number | undefined;
  const approver = async () => (approverId ??= (await createOperator(t(), 'finance')).id);

  return {
    call,
    adminApi,
    adminView,
    auditActions,
    applied,
    approver,
    player,
    fund,
    bind,
    balances,
    apply,
    ledgerClean,
    withdrawalCount,
    wallet,
    playerIdOf,
    service,
    enableMethods,
    expectLookAlikeRefused,
  };
}

/** The sandbox's payout rail and chain as the payout tests drive and read them. */
/** The timeout of `payoutSandbox(...).shortRail()`, short so a test can outwait a rail told to be slow. */
export const RAIL_TIMEOUT_MS = 1_000;

export function payoutSandbox(sb: RunningSandbox) {
  return {
    /**
     * A client of the sandbox rail with a short timeout, which tests hand to the service they drive; the app's
     * own rail keeps the default timeout. Built on call, because the sandbox's address is known once it runs.
     */
    shortRail: (): PayoutRail =>
      createHttpPayoutRail({ ...sb.koiConfig.payout!, timeoutMs: RAIL_TIMEOUT_MS }),
    /** Arms the rail's faults (`/control/payout/faults`): the next calls fail, delay, lose their answer. */
    faults: (f: Record<string, number>) => sb.control('/control/payout/faults', { body: f }),
    /**
     * The TRC20 transfers the chain holds to `address` (TronGrid's history of it). Blocks are mined by hand in
     * tests (no block timer): one is mined first, so a sent transfer shows.
     */
    async chainTransfersTo(address: string) {
      await sb.control('/control/tron/mine', { body: { blocks: 1 } });
      const res = await fetch(`${sb.url}/v1/accounts/${address}/transactions/trc20?limit=50`, {
        headers: { 'TRON-PRO-API-KEY': sb.tronApiKey },
      });
      return ((await res.json()) as { data: { transaction_id: string; value: string }[] }).data;
    },
  };
}
