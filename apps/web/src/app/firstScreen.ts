import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@koi/contract';
import { FIRST_SCREEN_ELEMENT_ID } from '@koi/contract/client';
import { bannerKeys } from '../features/content/api/banners';
import { bulletinKeys } from '../features/content/api/bulletin';
import { gameTypeKeys } from '../features/games/api/gameTypes';
import { hotGameKeys } from '../features/games/api/hotGames';
import { toGameList } from '../features/games/api/types';

/**
 * The first screen's data that the server put into index.html (FirstScreenData in the contract), taken as the
 * answers of the queries start-up would otherwise ask for, before the first render: the carousel's banners (the
 * page's largest paint is the first banner), the bulletin, and the catalogue (the categories' tabs and the hot
 * games) when it is in the app's language. The home page's first render then has all it shows, where it used to
 * wait for four round trips and render again as each answer arrived: on a phone's network each is a few hundred
 * milliseconds, and each answer's render was a long task of its own while the page started.
 *
 * The element is read once and removed: a later render or a language switch asks the API as usual (each query
 * is fresh for its stale time, then refetched). Anything unreadable is ignored, part by part, and the query
 * asks the API as it did before the page carried the data. Returns whether the banners were taken.
 */
export function seedFirstScreen(
  queryClient: QueryClient,
  language: string,
  doc: Document = document,
): boolean {
  const element = doc.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  let data: Partial<FirstScreenData> | null;
  try {
    data = JSON.parse(element.textContent ?? '') as Partial<FirstScreenData> | null;
  } catch {
    return false;
  }
  if (!data || typeof data !== 'object') return false;
  if (Array.isArray(data.bulletin)) queryClient.setQueryData(bulletinKeys.all, data.bulletin);
  const catalogue = data.catalogue;
  if (
    catalogue?.locale === language &&
    Array.isArray(catalogue.gameTypes) &&
    Array.isArray(catalogue.hotGames?.data)
  ) {
    queryClient.setQueryData(gameTypeKeys.all, catalogue.gameTypes);
    queryClient.setQueryData(hotGameKeys.all, toGameList(catalogue.hotGames));
  }
  if (!Array.isArray(data.banners)) return false;
  queryClient.setQueryData(bannerKeys.all, data.banners);
  return true;
}
