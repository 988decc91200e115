import { useInfiniteQuery } from '@tanstack/react-query';
import type { RedPacketHistoryResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

export type HistoryKind = 'sent' | 'grabbed';
const PAGE_SIZE = 10;

export const historyKeys = {
  all: ['redpackets', 'history'] as const,
  kind: (kind: HistoryKind) => ['redpackets', 'history', kind] as const,
};

/** My sent or grabbed packets, newest first, a page at a time. */
export const useHistoryQuery = (kind: HistoryKind, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: historyKeys.kind(kind),
    queryFn: ({ pageParam, signal }) =>
      api.get<RedPacketHistoryResult>(
        '/api/redpacket/history',
        { kind, page: pageParam, size: PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    staleTime: STALE.SECONDS_30,
    enabled,
  });
