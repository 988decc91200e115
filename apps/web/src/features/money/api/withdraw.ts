import { useMutation } from '@tanstack/react-query';
import type { WithdrawAddressWire, WithdrawalWire, WithdrawInfo } from '@koi/contract';
import { api } from '../../../lib/http';
import { useInvalidate, usePlayerQuery, useReloadingMutation } from '../../../lib/playerQuery';
import { userKeys } from '../../auth/api/userInfo';

/**
 * Withdrawal addresses, the withdrawal password and withdrawals (spec §2 panels, §7; decisions 12, 22, 23).
 * The contract's zod schemas stay on the server; only their types reach the bundle.
 */
export type AddressType = WithdrawAddressWire['type'];
export type { WithdrawInfo };

export const withdrawKeys = {
  all: ['withdraw'] as const,
  addresses: (token: string | null) => ['withdraw', 'addresses', token] as const,
  info: (token: string | null) => ['withdraw', 'info', token] as const,
  types: (token: string | null) => ['withdraw', 'types', token] as const,
};

/**
 * The address types the player may bind, with the operator's display names (decision 35): TRC20 always, the
 * phone-number and other wallets only while an operator has enabled them.
 */
export function useAddressTypesQuery() {
  return usePlayerQuery(withdrawKeys.types, () =>
    api.post<{ type: AddressType; name: string }[]>('/api/plat/address-types'),
  );
}

/** Spec §4: the address list loads on mount when a token exists. */
export function useAddressListQuery() {
  return usePlayerQuery(withdrawKeys.addresses, () =>
    api.post<WithdrawAddressWire[]>('/api/plat/address-list'),
  );
}

export type BindAddressInput = {
  type: AddressType;
  address: string;
  area: string;
  confirm_similar?: boolean;
};

/** Silent: the panel toasts itself, because a look-alike answer (5008) opens a warning instead of a toast. */
export function useBindAddressMutation() {
  const invalidate = useInvalidate(withdrawKeys.all);
  return useMutation({
    mutationFn: (input: BindAddressInput) =>
      api.post<WithdrawAddressWire>(
        '/api/plat/bind-address',
        { ...input, confirm_similar: input.confirm_similar ? 1 : undefined },
        { silent: true },
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteAddressMutation() {
  const invalidate = useInvalidate(withdrawKeys.all);
  return useMutation({
    mutationFn: (a: { id: number; address: string }) =>
      api.post<boolean>('/api/plat/del-address', { address_id: a.id, address: a.address }),
    onSuccess: invalidate,
  });
}

export type PasswordInput = { old_password?: string; password: string };

/** Set mode sends `password`; modify mode sends `old_password` and `new_password` (spec §7). */
export function useWithdrawPasswordMutation() {
  const invalidate = useInvalidate(userKeys.all, withdrawKeys.all);
  return useMutation({
    mutationFn: (input: PasswordInput) =>
      input.old_password === undefined
        ? api.post<boolean>('/api/plat/set-password', { password: input.password })
        : api.post<boolean>('/api/plat/update-password', {
            old_password: input.old_password,
            new_password: input.password,
          }),
    // Spec §4: after success the user info reloads (its set_password flag switches the panel's mode).
    onSuccess: invalidate,
  });
}

export function useWithdrawInfoQuery() {
  return usePlayerQuery(withdrawKeys.info, () => api.post<WithdrawInfo>('/api/plat/withdraw-info'), {
    staleTime: 0,
  });
}

export type WithdrawApplyInput = { amount: string; address_id: number; password: string; request_id: string };

export function useWithdrawApplyMutation() {
  // The held amount leaves the balance at once; both the balance and the limits change.
  return useReloadingMutation([userKeys.all, withdrawKeys.all], (input: WithdrawApplyInput) =>
    api.post<WithdrawalWire>('/api/plat/withdraw-apply', input),
  );
}
