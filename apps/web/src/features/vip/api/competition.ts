import type { z } from 'zod';
import type { competitionResult } from '@koi/contract';
import { api } from '../../../lib/http';
import { usePlayerQuery } from '../../../lib/playerQuery';

/** GET /api/task/competition/period: the masters tournament's period, prizes, top ranks and the player's own. */
export type Competition = z.infer<typeof competitionResult>;

export const competitionKeys = {
  current: (token: string | null) => ['competition', 'current', token] as const,
};

/** The leaderboard is live (the server caches it for 15 s), so the screen refreshes it every 30 s. */
export const useCompetitionQuery = () =>
  usePlayerQuery(competitionKeys.current, () => api.get<Competition>('/api/task/competition/period'), {
    refetchInterval: 30_000,
  });
