import type { z } from 'zod';
import type { AdminWithdrawal, inoutRecord, WithdrawAddressWire, WithdrawalWire } from '@koi/contract';
import { formatHundredths, formatMicro, formatSigned } from '@koi/ledger';
import type { WithdrawalsConfig } from '../../config';
import type { AddressRow, WithdrawalRow } from './withdrawals.schema';
import { AddressType, SettleOutcome, WithdrawalState } from './withdrawals.schema';
import { RECORD_STATUS, WITHDRAWAL_STATES, type WithdrawalStep } from './withdrawals.context';
import type { WithdrawalsService } from './withdrawals.service';

/** The one place where the withdrawals module's camelCase rows become the snake_case wire (decision 3). */

const typeText = (type: number) => String(type) as WithdrawAddressWire['type'];

export function addressWire(a: AddressRow): WithdrawAddressWire {
  return {
    id: a.id,
    type: typeText(a.type),
    address: a.address,
    area: a.area,
    phone: a.type === AddressType.PHONE_WALLET ? a.address : '',
    created_at: a.createdAt.toISOString(),
    usable_at: a.usableAt.toISOString(),
  };
}

export function withdrawalWire(w: WithdrawalRow): WithdrawalWire {
  const state = w.state as WithdrawalState;
  return {
    id: w.id,
    request_id: w.requestId,
    amount: formatMicro(w.amountMicro),
    fee: formatMicro(w.feeMicro),
    total: formatMicro(w.amountMicro + w.feeMicro),
    address_type: typeText(w.addressType),
    address: w.address,
    area: w.area,
    state: WITHDRAWAL_STATES.name(state),
    status: RECORD_STATUS[state],
    tx_hash: w.txHash,
    reason: w.rejectReason,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

type Info = Awaited<ReturnType<WithdrawalsService['info']>>;

export function withdrawInfoWire(info: Info, config: WithdrawalsConfig) {
  return {
    available: formatMicro(info.availableMicro),
    min_amount: formatMicro(config.minMicro),
    max_amount: formatMicro(config.maxMicro),
    fee_type: config.fee.kind,
    fee:
      config.fee.kind === 'fixed' ? formatMicro(config.fee.micro) : formatHundredths(config.fee.basisPoints),
    daily_count_limit: config.dailyCount,
    daily_count_used: info.totals.count,
    daily_amount_limit: formatMicro(config.dailyAmountMicro),
    daily_amount_used: formatMicro(info.totals.amountMicro),
    turnover_remaining: formatMicro(info.turnoverRemainingMicro),
    password_set: info.passwordSet,
    locked_minutes: info.lockedMinutes,
  };
}

type ReviewContext = Awaited<ReturnType<WithdrawalsService['reviewContext']>>;

/** A withdrawal as the console's review queue shows it, with the player's context. */
export function adminWithdrawalWire(
  w: WithdrawalRow,
  c: ReviewContext,
  operatorNames: ReadonlyMap<number, string>,
): AdminWithdrawal {
  const nameOf = (id: number | null) => (id === null ? null : (operatorNames.get(id) ?? null));
  return {
    ...withdrawalWire(w),
    player_id: w.playerId,
    username: c.username,
    approved_by: w.approvedBy,
    approved_by_name: nameOf(w.approvedBy),
    second_approved_by: w.secondApprovedBy,
    second_approved_by_name: nameOf(w.secondApprovedBy),
    needs_second_approval: w.state === WithdrawalState.APPLIED && w.approvedBy !== null,
    two_operators_required: c.twoOperatorsRequired,
    payout_attempts: w.payoutAttempts,
    last_payout_error: w.lastPayoutError,
    paying_since: w.payingSince?.toISOString() ?? null,
    alerted_at: w.alertedAt?.toISOString() ?? null,
    manual_payout: w.manualPayout,
    settlement:
      w.settleProposedBy !== null && w.settleOutcome !== null && w.settleProposedAt !== null
        ? {
            outcome: w.settleOutcome === SettleOutcome.PAID ? 'paid' : 'failed',
            reference: w.settleReference,
            note: w.settleNote,
            proposed_by: w.settleProposedBy,
            proposed_by_name: nameOf(w.settleProposedBy),
            proposed_at: w.settleProposedAt.toISOString(),
          }
        : null,
    settled_by: w.settledBy,
    settled_by_name: nameOf(w.settledBy),
    context: {
      deposits: formatMicro(c.depositsMicro),
      withdrawn: formatMicro(c.withdrawnMicro),
      withdrawing: formatMicro(c.withdrawingMicro),
      previous_withdrawals: c.previousWithdrawals,
      open_withdrawals: c.openWithdrawals,
      week_bets: {
        bet_count: c.winLoss.betCount,
        stake: formatMicro(c.winLoss.stakeMicro),
        payout: formatMicro(c.winLoss.payoutMicro),
        profit: formatSigned(c.winLoss.payoutMicro - c.winLoss.stakeMicro),
      },
      recent_games: c.recentGames.map((g) => ({
        plat_name: g.providerName,
        game_name: g.gameName ?? g.gameCode,
        bet_count: g.betCount,
        stake: formatMicro(g.stakeMicro),
        profit: formatSigned(g.payoutMicro - g.stakeMicro),
      })),
      turnover_remaining: formatMicro(c.turnoverRemainingMicro),
      address_age_hours: Math.floor(c.addressAgeMs / 3_600_000),
      other_players: c.otherPlayers,
      same_device_players: c.sameDevicePlayers,
      flags: c.flags,
    },
  };
}

/** A withdrawal as an inout-records row: type 2, amounts with 4 decimals like the deposits beside it. */
export function withdrawalRecordWire(
  w: Awaited<ReturnType<WithdrawalsService['records']>>['rows'][number],
  locale: string,
): z.infer<typeof inoutRecord> {
  return {
    id: w.id,
    created_at: w.createdAt.toISOString(),
    type: 2,
    type_name: locale === 'en' ? 'Withdrawal' : '提现',
    channel: w.channel,
    amount: formatMicro(w.amountMicro, 4),
    actual_amount: formatMicro(w.paidMicro, 4),
    fee: w.feeMicro > 0n ? formatMicro(w.feeMicro, 4) : null,
    status: w.status,
    tx_hash: w.txHash,
    reference: w.id,
    withdrawal_state: w.state,
    reason: w.reason,
    step: stepText(w.step, w.manualReference, locale),
  };
}

const STEP_TEXT: Record<WithdrawalStep, { zh: string; en: string }> = {
  review: { zh: '待审核', en: 'Pending review' },
  approved: { zh: '已批准，等待出款', en: 'Approved, waiting for payout' },
  paying: { zh: '出款中', en: 'Being paid' },
  manual_waiting: { zh: '已批准，等待人工付款', en: 'Approved, waiting for the manual payment' },
  manual_confirming: { zh: '已付款，等待复核确认', en: 'Paid, waiting for confirmation' },
  paid: { zh: '已完成', en: 'Completed' },
  rejected: { zh: '已驳回，资金已退回', en: 'Rejected, money returned' },
};

/** The step in the player's language; a completed manual payout names its payment reference. */
function stepText(step: WithdrawalStep, reference: string | null, locale: string): string {
  const text = STEP_TEXT[step][locale === 'en' ? 'en' : 'zh'];
  if (!reference) return text;
  return locale === 'en' ? `${text} (reference ${reference})` : `${text}（付款凭证：${reference}）`;
}

/** A payout method as the console and the player app read it. */
export function payoutMethodWire(m: Awaited<ReturnType<WithdrawalsService['payoutMethods']>>[number]) {
  return {
    type: typeText(m.type),
    name: m.name,
    enabled: m.enabled,
    manual: m.manual,
    updated_at: m.updatedAt?.toISOString() ?? null,
  };
}
