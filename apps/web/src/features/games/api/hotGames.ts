import { useQuery } from '@tanstack/react-query';
import { HOT_GAMES_PAGE } from '@koi/contract/client';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { toGameList } from './types';

/** Spec §9: hot games page size 20, page 1 (the page index.html carries too). */
export const HOT_PARAMS = HOT_GAMES_PAGE;

export const hotGameKeys = { all: ['games', 'hot'] as const };

export const fetchHotGames = async (signal?: AbortSignal) =>
  toGameList(await api.get<unknown>('/api/plat/game/hot', HOT_PARAMS, { signal, silent: true }));

export const hotGamesQuery = {
  queryKey: hotGameKeys.all,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchHotGames(signal),
  staleTime: STALE.MINUTES_5,
};

export const useHotGamesQuery = () => useQuery(hotGamesQuery);
