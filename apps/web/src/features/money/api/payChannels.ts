import { useQuery } from '@tanstack/react-query';
import type { PayChannel } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

// Apart from recharge.ts: start-up asks for the channels, and the deposit code should not come with them.

export const PAY_CHANNELS_KEY = ['recharge', 'channels'] as const;

/**
 * A hosted payment channel exactly as POST /api/pay/channel sends it (the contract's wire shape): limits in
 * USDT, the fee as `fee_fixed` USDT plus `fee_rate` percent, and `rate` units of `currency` per USDT.
 */
export type { PayChannel };

/**
 * The payment channels with their limits, fee and rate (spec §4 loads the channel rate at start). They are
 * optional: an empty or failed list leaves TRC20 as the only choice.
 */
export const payChannelsQuery = {
  queryKey: PAY_CHANNELS_KEY,
  queryFn: () => api.post<PayChannel[]>('/api/pay/channel', undefined, { silent: true }),
  staleTime: STALE.MINUTES_5,
};

export const usePayChannelsQuery = () => useQuery(payChannelsQuery);
