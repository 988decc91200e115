import type { AdminPlayerRow, Locale, SecurityOverview, SessionView } from '@koi/contract';
import { formatMicro, formatSigned, transferCodeName } from '@koi/ledger';
import type { WalletAdmin, WalletService } from '../wallet';
import type { PlayersAdmin } from './auth.admin';
import { PlayerStatus, type players } from './auth.schema';
import type { RegisterInput } from './auth.service';
import type { Exclusion, SecurityService, SessionInfo } from './security.service';

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

// ----- operator console -----

type PlayerRow = typeof players.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function playerRowWire(p: PlayerRow, availableMicro: bigint): AdminPlayerRow {
  return {
    id: p.id,
    username: p.username,
    status: p.status,
    invite_code: p.inviteCode,
    inviter_id: p.inviterId,
    vip_level: p.vipLevel,
    balance: formatMicro(availableMicro),
    created_at: p.createdAt.toISOString(),
    last_login_at: iso(p.lastLoginAt),
    register_ip: p.registerIp,
  };
}

type Balance = Awaited<ReturnType<WalletService['balancesOf']>>[number];
type Entry = Awaited<ReturnType<WalletAdmin['recentEntries']>>['rows'][number];

/** A player's console page: the row, the USDT balance, flags, invitations, recent ledger entries, sign-ins. */
export function playerDetailWire(
  d: Awaited<ReturnType<PlayersAdmin['detail']>>,
  usdt: Balance | undefined,
  entries: Entry[],
  locale: Locale,
) {
  const available = usdt?.availableMicro ?? 0n;
  return {
    player: playerRowWire(d.player, available),
    balance: {
      posted: formatMicro(usdt?.postedMicro ?? 0n),
      held: formatMicro(usdt?.heldMicro ?? 0n),
      available: formatMicro(available),
    },
    flags: {
      frozen: d.player.status === PlayerStatus.FROZEN,
      locked_until: iso(d.player.lockedUntil),
      withdraw_password_set: d.player.withdrawPasswordHash !== null,
      age_confirmed_at: d.player.ageConfirmedAt.toISOString(),
    },
    self_excluded_until: iso(d.player.selfExcludedUntil),
    inviter: d.inviter ? { id: d.inviter.id, username: d.inviter.username } : null,
    invitees: {
      total: d.invitees.total,
      data: d.invitees.rows.map((i) => ({
        id: i.id,
        username: i.username,
        created_at: i.createdAt.toISOString(),
      })),
    },
    ledger: entries.map((e) => ({
      transfer_id: e.transferId,
      code: e.code,
      code_name: transferCodeName(e.code, locale),
      amount: formatSigned(e.amountMicro),
      balance_after: formatMicro(e.balanceAfterMicro),
      state: e.phase,
      reference_type: e.referenceType,
      reference_id: e.referenceId,
      created_at: e.createdAt.toISOString(),
    })),
    logins: d.logins.map((l) => ({
      at: l.createdAt.toISOString(),
      success: l.success,
      reason: l.reason,
      ip: l.ip,
      device: l.device,
    })),
    register_device: d.player.registerDevice,
    active_sessions: d.activeSessions,
  };
}

/** A sign-in link as the player who made it, or the operator who made it for a player, receives it. */
export function signInLinkWire<T extends { path: string; expiresAt: Date }>(
  link: T,
): Omit<T, 'expiresAt'> & { expires_at: string } {
  const { expiresAt, ...rest } = link;
  return { ...rest, expires_at: expiresAt.toISOString() };
}
