import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

export type Banner = {
  id: number;
  image: string;
  title: string;
  link: string;
  activity_type: number | null;
  sort: number;
};

export const bannerKeys = { all: ['banners'] as const };
export const fetchBanners = () => api.get<Banner[]>('/api/banner', undefined, { silent: true });
export const bannersQuery = { queryKey: bannerKeys.all, queryFn: fetchBanners, staleTime: STALE.MINUTES_5 };
export const useBannersQuery = () => useQuery(bannersQuery);
