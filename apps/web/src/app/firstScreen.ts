import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@koi/contract';
import { FIRST_SCREEN_ELEMENT_ID } from '@koi/contract/client';
import { bannerKeys } from '../features/content/api/banners';

/**
 * The first screen's data that the server put into index.html (FirstScreenData in the contract): the home
 * carousel's banners, taken as /api/banner's answer before the first render, so the page's largest paint (the
 * first banner) is in that render instead of waiting for a round trip and the renders queued behind it. The
 * element is read once and removed: a later render or a language switch asks the API as usual (the banners'
 * query is fresh for its stale time, then refetched). Anything unreadable is ignored, and the query asks the
 * API as it did before the page carried the data.
 */
export function seedFirstScreen(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  let data: Partial<FirstScreenData> | null;
  try {
    data = JSON.parse(element.textContent ?? '') as Partial<FirstScreenData> | null;
  } catch {
    return false;
  }
  if (!Array.isArray(data?.banners)) return false;
  queryClient.setQueryData(bannerKeys.all, data.banners);
  return true;
}
