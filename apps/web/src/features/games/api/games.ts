import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { toGameList, type GameItem } from './types';

/** GET /api/plat/game: the game list of one category or provider (spec §7). */
export type GameFilter = {
  game_type?: number;
  plat_type?: number;
  keyword?: string;
  page?: number;
  size?: number;
};

export const gameKeys = {
  all: ['games'] as const,
  list: (filter: GameFilter) => ['games', 'list', filter] as const,
};

/**
 * Spec §4: a game list request cancels any earlier pending one, so a fast tab switch never shows the
 * previous category's games arriving late. The controller also follows TanStack's own signal.
 */
let pendingList: AbortController | null = null;

export async function fetchGames(filter: GameFilter, signal?: AbortSignal): Promise<GameItem[]> {
  pendingList?.abort();
  const controller = new AbortController();
  pendingList = controller;
  signal?.addEventListener('abort', () => controller.abort());
  try {
    const result = await api.get<unknown>(
      '/api/plat/game',
      { page: 1, size: 100, ...filter },
      { signal: controller.signal },
    );
    return toGameList(result);
  } finally {
    if (pendingList === controller) pendingList = null;
  }
}

export function useGamesQuery(filter: GameFilter, enabled = true) {
  return useQuery({
    queryKey: gameKeys.list(filter),
    queryFn: ({ signal }) => fetchGames(filter, signal),
    enabled,
    staleTime: STALE.MINUTES_5,
    placeholderData: keepPreviousData,
  });
}
