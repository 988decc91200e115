import { useDeferredValue } from 'react';
import { QueryClient, type UseQueryResult } from '@tanstack/react-query';
import i18n from '../i18n';
import { ApiError } from './http';

/** Named stale times (style guide): the numbers say how fresh each kind of data must be. */
export const STALE = {
  SECONDS_30: 30_000,
  MINUTES_5: 5 * 60_000,
  HOURS_1: 60 * 60_000,
  INFINITY: Infinity,
} as const;

export function createQueryClient() {
  const client = new QueryClient({
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
  // Names the server supplies (games, providers, promotions) come in the request's language, so a switch of
  // language fetches what the app holds again, in the new one. Only a switch does: i18next also announces the
  // language it started in, once a language it loads lazily (English) has arrived, after the start-up's
  // requests had already gone out in it. Taken as a switch, every one of them (the categories, hot games,
  // banners) was asked for twice on each page load in English.
  let askedIn = i18n.language;
  i18n.on('languageChanged', (language: string) => {
    if (language === askedIn) return;
    askedIn = language;
    void client.invalidateQueries();
  });
  return client;
}

/**
 * A query whose answer reaches the screen as a deferred value (React's useDeferredValue). A query's answer
 * renders synchronously, in one task with the layout after it; a list that fills much of a screen (the home
 * page's hot games feed the strip and the grid, about thirty pictures) then holds a slow phone's main thread
 * for one long task at the moment the first screen fills in. Deferred, that list renders in a transition,
 * which React splits into short slices around the rest of the page's answers. Until the deferred render has
 * caught up with the first answer the list still counts as loading, so it shows its placeholders, not
 * "nothing here"; a later answer keeps the previous list on screen while it renders.
 */
export function useDeferredQuery<T>(query: UseQueryResult<T>): UseQueryResult<T> {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  return { ...query, data, isPending: query.isPending || data === undefined } as UseQueryResult<T>;
}
