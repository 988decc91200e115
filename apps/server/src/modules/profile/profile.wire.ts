import type { SessionSummary, UserInfo } from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import type { PlayerInfo } from '../auth';

/* The profile views' one mapping from camelCase values to the snake_case wire (decision 3). */

export const userInfoWire = (p: PlayerInfo, turnoverRemainingMicro: bigint): UserInfo => ({
  player_name: p.username,
  balance: p.balance,
  set_password: p.hasWithdrawPassword,
  turnover_remaining: formatMicro(turnoverRemainingMicro),
  invite_code: p.inviteCode,
  vip_level: p.vipLevel,
  last_login_at: p.lastLoginAt ? p.lastLoginAt.toISOString() : null,
});

/** What the reality check shows: time played and the result since the current session signed in. */
export interface SessionResult {
  startedAt: Date;
  now: Date;
  betCount: number;
  stakeMicro: bigint;
  payoutMicro: bigint;
  realityCheckMinutes: number;
}

/** The reality check's money has the balance's 4 decimals. */
export const sessionSummaryWire = (r: SessionResult): SessionSummary => ({
  started_at: r.startedAt.toISOString(),
  now: r.now.toISOString(),
  played_minutes: Math.max(0, Math.floor((r.now.getTime() - r.startedAt.getTime()) / 60_000)),
  bet_count: r.betCount,
  stake: formatMicro(r.stakeMicro, 4),
  payout: formatMicro(r.payoutMicro, 4),
  net: formatMicro(r.payoutMicro - r.stakeMicro, 4),
  reality_check_minutes: r.realityCheckMinutes,
});
