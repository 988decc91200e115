import { formatMicro, parseAmount, SystemAccount, TransferCode, withdrawalFeeMicro } from '@koi/ledger';
import { AppError } from '../../errors';
import { pageWindow } from '../../lib/paging';
import { startOfReportDay, timeRangeBounds, type TimeRange } from '../../lib/time-range';
import type { createAddressBook } from './addresses';
import type { createWithdrawPassword } from './password';
import type { createReview } from './review';
import {
  feeKeyOf,
  holdKeyOf,
  minutesUntil,
  withdrawalRecord,
  type WithdrawalsContext,
} from './withdrawals.context';
import { createWithdrawalsRepository, type WithdrawalsRepository } from './withdrawals.repository';
import type { WithdrawalRow } from './withdrawals.schema';

/*
 * Design note: applying for a withdrawal.
 *
 * Held at once. Applying places a pending ledger transfer (player -> withdrawal payable) for the amount, and
 * a second one (player -> fee income) for the fee, in the same database transaction that inserts the
 * withdrawal row: the balance drops at once, and there is never a hold without its withdrawal or the other
 * way round. The ledger's conditional debit refuses an overdraft, so 50 concurrent applications that the
 * balance covers once produce one withdrawal; the other 49 roll back whole.
 *
 * One per request id. (player, request_id) is unique; a retry finds the first withdrawal and answers it.
 * Daily limits and the address count are checked under a per-player advisory lock taken inside the same
 * transaction, so two concurrent requests cannot both see "one left". Before applying, the player must be in
 * standing, have a withdrawal password, a live address past its delay, and no outstanding turnover.
 */

export interface ApplyInput {
  amount: string;
  addressId: number;
  password: string;
  requestId: string;
}

export function createApply(
  ctx: WithdrawalsContext,
  parts: {
    addresses: Pick<ReturnType<typeof createAddressBook>, 'assertMethodEnabled' | 'payoutMethods'>;
    password: Pick<ReturnType<typeof createWithdrawPassword>, 'checkPassword'>;
    review: Pick<ReturnType<typeof createReview>, 'autoApprove'>;
  },
) {
  const { deps, repo, profileOf } = ctx;
  const { db, clock, config, wallet, turnover } = deps;
  const { addresses, password, review } = parts;

  function feeOf(amountMicro: bigint): bigint {
    return withdrawalFeeMicro(config.fee, amountMicro);
  }

  function assertStanding(profile: Awaited<ReturnType<typeof profileOf>>) {
    if (profile.frozen) throw new AppError('ACCOUNT_FROZEN');
    if (profile.selfExcludedUntil && profile.selfExcludedUntil.getTime() > clock.now().getTime()) {
      throw new AppError('SELF_EXCLUDED');
    }
  }

  async function assertDailyLimits(
    txRepo: WithdrawalsRepository,
    playerId: number,
    amountMicro: bigint,
    now: Date,
  ) {
    const today = await txRepo.totalsSince(playerId, new Date(startOfReportDay(now.getTime())));
    if (today.count >= config.dailyCount)
      throw new AppError('WITHDRAW_DAILY_COUNT', { max: config.dailyCount });
    if (today.amountMicro + amountMicro > config.dailyAmountMicro) {
      const left =
        config.dailyAmountMicro > today.amountMicro ? config.dailyAmountMicro - today.amountMicro : 0n;
      throw new AppError('WITHDRAW_DAILY_AMOUNT', {
        max: formatMicro(config.dailyAmountMicro),
        left: formatMicro(left),
      });
    }
  }

  /** Limits, fee, turnover and balance, shown before applying (POST /api/plat/withdraw-info). */
  async function info(playerId: number) {
    const now = clock.now();
    const [profile, guard, totals, available] = await Promise.all([
      profileOf(playerId),
      repo.passwordGuard(playerId),
      repo.totalsSince(playerId, new Date(startOfReportDay(now.getTime()))),
      wallet.availableIn(db, playerId),
    ]);
    // After the balance, not beside it: a deposit's credit and its turnover requirement commit together,
    // so once the balance shows the credit the requirement read next shows it too. Read side by side, the
    // requirement could come from just before that commit and the balance from just after.
    const remaining = await turnover.remainingOf(playerId);
    const locked =
      guard.lockedUntil && guard.lockedUntil.getTime() > now.getTime() ? guard.lockedUntil : null;
    return {
      availableMicro: available,
      totals,
      turnoverRemainingMicro: remaining,
      passwordSet: profile.withdrawPasswordHash !== null,
      lockedMinutes: locked ? minutesUntil(locked, now) : 0,
    };
  }

  async function apply(playerId: number, input: ApplyInput): Promise<WithdrawalRow> {
    const parsed = parseAmount(input.amount);
    if (!parsed.ok) throw new AppError('AMOUNT_INVALID', { reason: parsed.text });
    const amountMicro = parsed.micro;
    const sameRequest = (w: WithdrawalRow) => {
      if (w.amountMicro !== amountMicro || w.addressId !== input.addressId) {
        throw new AppError('WITHDRAW_REQUEST_CONFLICT');
      }
      return w;
    };
    // A retry of an application that was already accepted answers it; nothing is checked or moved again.
    const earlier = await repo.findByRequest(playerId, input.requestId);
    if (earlier) return sameRequest(earlier);

    const profile = await profileOf(playerId);
    assertStanding(profile);
    if (!profile.withdrawPasswordHash) throw new AppError('WITHDRAW_PASSWORD_NOT_SET');
    if (amountMicro < config.minMicro)
      throw new AppError('WITHDRAW_AMOUNT_BELOW_MIN', { min: formatMicro(config.minMicro) });
    if (amountMicro > config.maxMicro)
      throw new AppError('WITHDRAW_AMOUNT_ABOVE_MAX', { max: formatMicro(config.maxMicro) });
    const address = await repo.findLiveAddress(playerId, input.addressId);
    if (!address) throw new AppError('ADDRESS_NOT_FOUND');
    await addresses.assertMethodEnabled(address.type);
    const now = clock.now();
    if (address.usableAt.getTime() > now.getTime()) {
      throw new AppError('ADDRESS_NOT_USABLE', { minutes: minutesUntil(address.usableAt, now) });
    }
    const remaining = await turnover.remainingOf(playerId);
    if (remaining > 0n) throw new AppError('WITHDRAW_TURNOVER', { remaining: formatMicro(remaining) });
    for (const guard of ctx.applyGuards) await guard(playerId);
    const passwordHash = profile.withdrawPasswordHash;

    const feeMicro = feeOf(amountMicro);
    const holdKey = holdKeyOf(playerId, input.requestId);
    try {
      const outcome = await db.transaction(async (tx) => {
        const txRepo = createWithdrawalsRepository(tx);
        await txRepo.lockPlayer(playerId);
        const raced = await txRepo.findByRequest(playerId, input.requestId);
        if (raced) return { row: sameRequest(raced), created: false };
        await assertDailyLimits(txRepo, playerId, amountMicro, now);
        // Cheap refusals before the slow password check: under the player's lock, concurrent applications
        // that the balance can no longer cover are refused without spending argon2 time (the hold below
        // stays the authoritative check).
        if ((await wallet.availableIn(tx, playerId)) < amountMicro + feeMicro) {
          throw new AppError('INSUFFICIENT_BALANCE');
        }
        // The password is checked inside the player's lock, so parallel attempts are counted one by one; a
        // refusal is returned, the counted attempt committed, and the refusal thrown after the commit.
        const refusal = await password.checkPassword(txRepo, playerId, passwordHash, input.password);
        if (refusal) return { refusal };
        const inserted = await txRepo.insertWithdrawal({
          playerId,
          requestId: input.requestId,
          addressId: address.id,
          addressType: address.type,
          address: address.address,
          area: address.area,
          amountMicro,
          feeMicro,
          holdKey,
          createdAt: now,
          updatedAt: now,
        });
        const reference = { type: 'withdrawal', id: String(inserted.id) };
        await wallet.holdIn(tx, {
          key: holdKey,
          debit: { player: playerId },
          credit: { system: SystemAccount.WITHDRAWAL_PAYABLE },
          amountMicro,
          code: TransferCode.WITHDRAWAL,
          reference,
        });
        if (feeMicro > 0n) {
          await wallet.holdIn(tx, {
            key: feeKeyOf(holdKey),
            debit: { player: playerId },
            credit: { system: SystemAccount.FEE_INCOME },
            amountMicro: feeMicro,
            code: TransferCode.WITHDRAWAL_FEE,
            reference,
          });
        }
        return { row: inserted, created: true };
      });
      if ('refusal' in outcome) throw outcome.refusal;
      return outcome.created ? await review.autoApprove(outcome.row) : outcome.row;
    } catch (error) {
      if (error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE') {
        throw new AppError('WITHDRAW_INSUFFICIENT', {
          amount: formatMicro(amountMicro),
          fee: formatMicro(feeMicro),
          total: formatMicro(amountMicro + feeMicro),
        });
      }
      throw error;
    }
  }

  /**
   * The player's own withdrawals in a report time range, newest first, as inout-records rows
   * (records.routes.ts lists them beside the deposits). Scoped by player: no id reaches another player's.
   */
  async function records(playerId: number, q: { range: TimeRange; page: number; size: number }) {
    const { from, to } = timeRangeBounds(q.range, clock.now());
    const [{ rows, total }, methods] = await Promise.all([
      repo.playerRecords(playerId, from, to, pageWindow(q)),
      addresses.payoutMethods(),
    ]);
    const nameOf = (type: number) => methods.find((m) => m.type === type)?.name ?? 'USDT-TRC20';
    return { rows: rows.map((w) => ({ ...withdrawalRecord(w), channel: nameOf(w.addressType) })), total };
  }

  return { feeOf, info, apply, records };
}
