import type { SecurityOverview, SessionSummary, SessionView, UserInfo } from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import type { PlayerInfo, RegisterInput } from './auth.service';
import type { Exclusion, SecurityService, SessionInfo, SessionResult } from './security.service';

/* The auth module's one mapping between the snake_case wire and its camelCase types (decision 3). */

/** The registration form as the player app sends it (spec §5 keeps its field names, `confrimPas` included). */
export const registerInputOf = (body: {
  username: string;
  password: string;
  confrimPas: string;
  captcha: string;
  code: string;
  device: string;
  age_confirmed: boolean;
}): RegisterInput => ({
  username: body.username,
  password: body.password,
  confirmPassword: body.confrimPas,
  captcha: body.captcha,
  inviteCode: body.code,
  device: body.device,
  ageConfirmed: body.age_confirmed,
});

export const captchaWire = (c: { imgUrl: string }) => ({ img_url: c.imgUrl });

export const userInfoWire = (p: PlayerInfo): UserInfo => ({
  player_name: p.username,
  balance: p.balance,
  set_password: p.hasWithdrawPassword,
  turnover_remaining: p.turnoverRemaining,
  invite_code: p.inviteCode,
  vip_level: p.vipLevel,
  last_login_at: p.lastLoginAt ? p.lastLoginAt.toISOString() : null,
});

const sessionWire = (s: SessionInfo): SessionView => ({
  id: s.id,
  created_at: s.createdAt.toISOString(),
  last_seen_at: s.lastSeenAt.toISOString(),
  ip: s.ip,
  country: s.country,
  device: s.device,
  current: s.current,
});

export const exclusionWire = (e: Exclusion) => ({
  self_excluded_until: e.until ? e.until.toISOString() : null,
  self_excluded_permanent: e.permanent,
});

/** A self-exclusion just started or lengthened (always in force). */
export const selfExclusionWire = (e: { until: Date; permanent: boolean }) => ({
  self_excluded_until: e.until.toISOString(),
  self_excluded_permanent: e.permanent,
});

export const securityOverviewWire = (
  o: Awaited<ReturnType<SecurityService['overview']>>,
): SecurityOverview => ({
  last_sign_in: o.lastSignIn && sessionWire(o.lastSignIn),
  current_sign_in: sessionWire(o.currentSignIn),
  sessions: o.sessions.map(sessionWire),
  reality_check_minutes: o.realityCheckMinutes,
  ...exclusionWire(o.exclusion),
});

export const signedOutWire = (r: { signedOut: number }) => ({ signed_out: r.signedOut });

/** The reality check's money has the balance's 4 decimals. */
export const sessionSummaryWire = (r: SessionResult): SessionSummary => ({
  started_at: r.startedAt.toISOString(),
  now: r.now.toISOString(),
  played_minutes: r.playedMinutes,
  bet_count: r.betCount,
  stake: formatMicro(r.stakeMicro, 4),
  payout: formatMicro(r.payoutMicro, 4),
  net: formatMicro(r.payoutMicro - r.stakeMicro, 4),
  reality_check_minutes: r.realityCheckMinutes,
});
