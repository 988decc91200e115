import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import type { GameCategory } from './types';

/** POST /api/plat/game-type with game_plat_type 0: the game categories loaded once at start (spec §4, §7),
 * as `{game_type_id, name, icon, sort}` records (0 = hot). */
export const gameTypeKeys = { all: ['games', 'types'] as const };

export const fetchGameTypes = async () => {
  const result = await api.post<unknown>('/api/plat/game-type', { game_plat_type: 0 }, { silent: true });
  return Array.isArray(result) ? (result as GameCategory[]) : [];
};

export const gameTypesQuery = {
  queryKey: gameTypeKeys.all,
  queryFn: fetchGameTypes,
  staleTime: STALE.HOURS_1,
};
export const useGameTypesQuery = () => useQuery(gameTypesQuery);
