import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChannelOrderResult,
  DepositLimit,
  DepositLimits,
  RechargeOrderState,
  RechargeResult,
} from '@koi/contract';
import { api } from '../../../lib/http';
import { useInvalidate, usePlayerQuery } from '../../../lib/playerQuery';
import { userKeys } from '../../auth/api/userInfo';
import { PAY_CHANNELS_KEY } from './payChannels';

export { payChannelsQuery, usePayChannelsQuery, type PayChannel } from './payChannels';

/**
 * Deposits (spec §2 deposit popup, §7; decisions 13, 20, 21), over the deposits contract's wire shapes.
 */
export type RechargeOrder = RechargeResult;
export type { DepositLimit, RechargeOrderState };

export const rechargeKeys = {
  all: ['recharge'] as const,
  order: (id: string) => ['recharge', 'order', id] as const,
  channelOrder: (id: string) => ['recharge', 'channel-order', id] as const,
  channels: PAY_CHANNELS_KEY,
  limits: (token: string | null) => ['recharge', 'limits', token] as const,
};

/** Spec §5: the smallest deposit. */
export const MIN_RECHARGE = 20;
export const QUICK_AMOUNTS = [20, 50, 100, 200, 500, 1000] as const;
/** How often the open popup asks for its order's state. */
export const ORDER_POLL_MS = 3_000;

export function useRechargeMutation() {
  return useMutation({
    mutationFn: (amount: string) => api.post<RechargeOrder>('/api/plat/recharge', { amount }),
  });
}

/**
 * Follows an open order while the popup shows it. Polling stops once the order is credited or expired; a
 * credit reloads user info so the balance everywhere shows the new amount without a page reload.
 */
export function useRechargeOrderQuery(orderId: string | null, follow: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: rechargeKeys.order(orderId ?? ''),
    queryFn: async () => {
      const state = await api.get<RechargeOrderState>(
        `/api/plat/recharge/${encodeURIComponent(orderId ?? '')}`,
        undefined,
        // A failed poll is retried by the next tick; toasting it every 3 s would bury the popup.
        { silent: true },
      );
      if (state.status === 1) void client.invalidateQueries({ queryKey: userKeys.all });
      return state;
    },
    enabled: Boolean(orderId) && follow,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 2 ? false : ORDER_POLL_MS),
  });
}

export type ChannelOrder = ChannelOrderResult;

export function useChannelOrderMutation() {
  return useMutation({
    mutationFn: (input: { amount: string; channel_id: string }) =>
      api.post<ChannelOrder>('/api/plat/iPay/rechargeOrder', input),
  });
}

/**
 * The result screen's order (`/recharge?channel_order=<id>`, where the channel's page sends the player back).
 * While it waits for payment (status 2) it is asked again every few seconds (the server asks the channel at
 * most every 5 s for it, so a dropped notification does not keep the player waiting); a balance signal
 * refetches it at once (see ChannelResult). A credit reloads user info for the new balance.
 */
export function useChannelOrderQuery(orderId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: rechargeKeys.channelOrder(orderId),
    queryFn: async () => {
      const state = await api.get<ChannelOrder>(
        `/api/plat/iPay/order/${encodeURIComponent(orderId)}`,
        undefined,
        { silent: true },
      );
      if (state.status === 1) void client.invalidateQueries({ queryKey: userKeys.all });
      return state;
    },
    staleTime: 0,
    retry: 1,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 2 ? false : ORDER_POLL_MS),
  });
}

export function useDepositLimitsQuery() {
  return usePlayerQuery(rechargeKeys.limits, () =>
    api.post<DepositLimits>('/api/plat/deposit-limits', undefined, { silent: true }),
  );
}

export function useSetDepositLimitsMutation() {
  const invalidate = useInvalidate(rechargeKeys.all);
  return useMutation({
    mutationFn: (input: Partial<Record<DepositLimit['period'], string>>) =>
      api.post<DepositLimits>('/api/plat/deposit-limits/set', input),
    onSuccess: invalidate,
  });
}
