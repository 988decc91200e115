import { randomBytes, randomUUID } from 'node:crypto';
import bs58check from 'bs58check';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import { body, signUp, type TestApp } from '../../../test/app';
import { queryRows } from '../../db/client';
import { createWalletService } from '../wallet/wallet.service';
import { createWalletAdmin } from '../wallet/wallet.admin';
import { createOperatorsService } from '../operators/operators.service';
import { createAuthService } from '../auth/auth.service';
import { createPlayerGate } from '../auth';
import { createDepositsService } from '../deposits/deposits.service';
import { createAuditLog } from '../audit';
import { betsForTests } from '../bets/bets.fixtures';
import { turnoverForTests } from '../turnover/turnover.fixtures';
import type { PayoutRail } from './payout.client';
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

  async function playerIdOf(username: string): Promise<number> {
    const rows = await queryRows<{ id: number | string }>(
      t().database.db,
      sql`select id from players where lower(username) = lower(${username})`,
    );
    return Number(rows[0]!.id);
  }

  /** A signed-in player with a withdrawal password and, optionally, money deposited through the ledger. */
  async function player(opts: { deposit?: string; password?: boolean; device?: string } = {}) {
    // Each player on a device of their own unless a test shares one: a shared device is a review flag.
    const signed = await signUp(t().app, undefined, undefined, opts.device ?? `dev-${randomUUID()}`);
    const playerId = await playerIdOf(signed.username);
    if (opts.password !== false) {
      const set = await call(signed.auth, 'set-password', { password: WITHDRAW_PASSWORD });
      expect(set.code).toBe(200);
    }
    if (opts.deposit) await fund(playerId, opts.deposit);
    return { ...signed, playerId };
  }

  async function fund(playerId: number, amount: string) {
    await wallet().transfer({
      key: `test-deposit:${randomUUID()}`,
      debit: { system: SystemAccount.DEPOSIT_CLEARING },
      credit: { player: playerId },
      amountMicro: toMicro(amount),
      code: TransferCode.DEPOSIT,
    });
  }

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

  return {
    call,
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
