import { useQuery } from '@tanstack/react-query';
import type { BannerItem } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

export type Banner = BannerItem;

export const bannerKeys = { all: ['banners'] as const };
export const fetchBanners = () => api.get<Banner[]>('/api/banner', undefined, { silent: true });
export const bannersQuery = { queryKey: bannerKeys.all, queryFn: fetchBanners, staleTime: STALE.MINUTES_5 };
export const useBannersQuery = () => useQuery(bannersQuery);
