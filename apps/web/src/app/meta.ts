import { useMatches } from 'react-router';

/** Route meta of spec §2: title (an i18n key), noCache, back button and tab bar. */
export type RouteMeta = {
  title: string;
  noCache?: boolean;
  back?: boolean;
  tabBar?: boolean;
  /** Not built yet: the route shows the coming-soon page inside the frame. */
  comingSoon?: boolean;
};

export const DEFAULT_META: RouteMeta = { title: 'routes.home' };

export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { meta?: RouteMeta } | undefined;
    if (handle?.meta) return handle.meta;
  }
  return DEFAULT_META;
}
