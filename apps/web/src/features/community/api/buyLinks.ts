import { useQuery } from '@tanstack/react-query';
import type { BuyLink } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { communityKeys } from './keys';

/** GET /api/buy/links: the operator's places to buy USDT (anyone may read them). */
export const useBuyLinksQuery = () =>
  useQuery({
    queryKey: communityKeys.buyLinks,
    queryFn: ({ signal }) => api.get<BuyLink[]>('/api/buy/links', undefined, { signal, silent: true }),
    staleTime: STALE.MINUTES_5,
  });
