import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

// Apart from recharge.ts: start-up asks for the channels, and the deposit code should not come with them.

export const PAY_CHANNELS_KEY = ['recharge', 'channels'] as const;

/** A hosted payment channel as listed by POST /api/pay/channel. Fields beyond id and name are optional. */
export type PayChannel = {
  id: number | string;
  name: string;
  min_amount?: string;
  max_amount?: string;
  fee?: string;
  rate?: string;
};

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
