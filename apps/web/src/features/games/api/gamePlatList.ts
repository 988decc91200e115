import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import type { GameCategoryRecord } from './types';

/** GET /api/plat/game-plat-list: brand records for the all-games list. */
export const gamePlatKeys = { all: ['games', 'plat-list'] as const };

export const fetchGamePlatList = async () => {
  const result = await api.get<unknown>('/api/plat/game-plat-list', undefined, { silent: true });
  return Array.isArray(result) ? (result as GameCategoryRecord[]) : [];
};

export const useGamePlatListQuery = () =>
  useQuery({ queryKey: gamePlatKeys.all, queryFn: fetchGamePlatList, staleTime: STALE.MINUTES_5 });
