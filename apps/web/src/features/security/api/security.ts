import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  changeLoginPasswordResult,
  revokeSessionsResult,
  SecurityOverview,
  selfExcludeResult,
  SelfExclusionPeriod,
  SessionSummary,
} from '@koi/contract';
import { api } from '../../../lib/http';
import { useInvalidate, usePlayerQuery } from '../../../lib/playerQuery';
import { STALE } from '../../../lib/query';
import { useAuthStore } from '../../../stores/auth';
import { userKeys } from '../../auth/api/userInfo';

/**
 * The security centre's calls over the contract's security shapes: sign-ins and sessions,
 * the login password, the session reminder and self-exclusion.
 */
export type { SecurityOverview, SessionSummary, SelfExclusionPeriod };
export type SessionView = SecurityOverview['sessions'][number];

/** The reminder intervals offered (minutes; 0 = off); the server accepts exactly these. */
export const REMINDER_CHOICES = [0, 15, 30, 45, 60, 90, 120] as const;
export const EXCLUSION_CHOICES: SelfExclusionPeriod[] = ['24h', '7d', '30d', 'permanent'];
/** Decision 10: a login password is 6–20 characters. */
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 20;

export const securityKeys = {
  all: ['security'] as const,
  overview: (token: string | null) => ['security', 'overview', token] as const,
  summary: (token: string | null) => ['security', 'summary', token] as const,
};

export function useSecurityQuery() {
  return usePlayerQuery(securityKeys.overview, () => api.post<SecurityOverview>('/api/plat/security'));
}

/** The current session's start, time played and result; the reality check reads it. */
export function useSessionSummaryQuery() {
  return usePlayerQuery(
    securityKeys.summary,
    // Silent: a background read that fails must not toast over whatever the player is doing.
    () => api.post<SessionSummary>('/api/plat/session-summary', undefined, { silent: true }),
    { staleTime: STALE.MINUTES_5 },
  );
}

const useInvalidateSecurity = () => useInvalidate(securityKeys.all);

export function useChangeLoginPasswordMutation() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (input: { old_password: string; new_password: string; confirm_password: string }) =>
      api.post<z.infer<typeof changeLoginPasswordResult>>('/api/plat/login-password', input),
    onSuccess: invalidate,
  });
}

export function useRevokeSessionMutation() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (sessionId: number) =>
      api.post<boolean>('/api/plat/sessions/revoke', { session_id: sessionId }),
    onSettled: invalidate,
  });
}

export function useRevokeOthersMutation() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof revokeSessionsResult>>('/api/plat/sessions/revoke-others'),
    onSettled: invalidate,
  });
}

export function useRealityCheckMutation() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (minutes: number) => api.post<boolean>('/api/plat/reality-check', { minutes }),
    onSuccess: invalidate,
  });
}

/**
 * Self-exclusion signs every session out on the server, this one included; the app then forgets its token
 * the way a logout does (the logout call itself would only meet a 401, so it is not made).
 */
export function useSelfExcludeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (period: SelfExclusionPeriod) =>
      api.post<z.infer<typeof selfExcludeResult>>('/api/plat/self-exclude', { period }),
    onSuccess: () => {
      useAuthStore.getState().clearToken();
      client.removeQueries({ queryKey: securityKeys.all });
      client.removeQueries({ queryKey: userKeys.all });
    },
  });
}
