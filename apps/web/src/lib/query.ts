import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** Named stale times (style guide): the numbers say how fresh each kind of data must be. */
export const STALE = {
  SECONDS_30: 30_000,
  MINUTES_5: 5 * 60_000,
  HOURS_1: 60 * 60_000,
  INFINITY: Infinity,
} as const;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.SECONDS_30,
        // The client already toasted the failure; retrying a business rejection or a 401 only repeats it.
        retry: (count, error) =>
          !(error instanceof ApiError && (error.cancelled || error.status === 401 || error.code > 0)) &&
          count < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
