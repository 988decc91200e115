import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WithdrawAddressWire, WithdrawalWire } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { useAuthStore } from '../../../stores/auth';
import { userKeys } from '../../auth/api/userInfo';

/**
 * Withdrawal addresses, the withdrawal password and withdrawals (spec §2 panels, §7; decisions 12, 22, 23).
 * The contract's zod schemas stay on the server; only their types reach the bundle.
 */
export type AddressType = WithdrawAddressWire['type'];
export type WithdrawInfo = {
  available: string;
  min_amount: string;
  max_amount: string;
  fee_type: 'fixed' | 'ratio';
  fee: string;
  daily_count_limit: number;
  daily_count_used: number;
  daily_amount_limit: string;
  daily_amount_used: string;
  turnover_remaining: string;
  password_set: boolean;
  locked_minutes: number;
};

export const withdrawKeys = {
  all: ['withdraw'] as const,
  addresses: (token: string | null) => ['withdraw', 'addresses', token] as const,
  info: (token: string | null) => ['withdraw', 'info', token] as const,
};

/** Spec §4: the address list loads on mount when a token exists. */
export function useAddressListQuery() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: withdrawKeys.addresses(token),
    queryFn: () => api.post<WithdrawAddressWire[]>('/api/plat/address-list'),
    enabled: Boolean(token),
    staleTime: STALE.SECONDS_30,
  });
}

export type BindAddressInput = {
  type: AddressType;
  address: string;
  area: string;
  confirm_similar?: boolean;
};

/** Silent: the panel toasts itself, because a look-alike answer (5008) opens a warning instead of a toast. */
export function useBindAddressMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BindAddressInput) =>
      api.post<WithdrawAddressWire>(
        '/api/plat/bind-address',
        { ...input, confirm_similar: input.confirm_similar ? 1 : undefined },
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: withdrawKeys.all }),
  });
}

export function useDeleteAddressMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: number; address: string }) =>
      api.post<boolean>('/api/plat/del-address', { address_id: a.id, address: a.address }),
    onSuccess: () => client.invalidateQueries({ queryKey: withdrawKeys.all }),
  });
}

export type PasswordInput = { old_password?: string; password: string };

/** Set mode sends `password`; modify mode sends `old_password` and `new_password` (spec §7). */
export function useWithdrawPasswordMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordInput) =>
      input.old_password === undefined
        ? api.post<boolean>('/api/plat/set-password', { password: input.password })
        : api.post<boolean>('/api/plat/update-password', {
            old_password: input.old_password,
            new_password: input.password,
          }),
    // Spec §4: after success the user info reloads (its set_password flag switches the panel's mode).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: withdrawKeys.all }),
      ]),
  });
}

export function useWithdrawInfoQuery() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: withdrawKeys.info(token),
    queryFn: () => api.post<WithdrawInfo>('/api/plat/withdraw-info'),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

export type WithdrawApplyInput = { amount: string; address_id: number; password: string; request_id: string };

export function useWithdrawApplyMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawApplyInput) => api.post<WithdrawalWire>('/api/plat/withdraw-apply', input),
    // The held amount leaves the balance at once; both the balance and the limits change.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: withdrawKeys.all }),
      ]),
  });
}
