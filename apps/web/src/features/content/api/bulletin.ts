import { useQuery } from '@tanstack/react-query';
import type { ConfigItem } from '@koi/contract';
import { ConfigItemId } from '@koi/contract/enums';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';

export type { ConfigItem };

export const bulletinKeys = { all: ['bulletin'] as const };
export const fetchBulletin = () => api.get<ConfigItem[]>('/api/plat/bulletin', undefined, { silent: true });
export const bulletinQuery = {
  queryKey: bulletinKeys.all,
  queryFn: fetchBulletin,
  staleTime: STALE.MINUTES_5,
};

/** Config items by id (spec §3): 1 notice, 3 chat contact, 7 online customer-service link, 8 licence and 9
 * responsible-gambling texts (/about). */
export function useConfig() {
  const query = useQuery(bulletinQuery);
  const byId = (id: number) => query.data?.find((item) => item.id === id)?.content ?? '';
  return {
    ...query,
    notice: byId(ConfigItemId.NOTICE),
    chatContact: byId(ConfigItemId.CUSTOM_SERVICE_CHAT),
    onlineService: byId(ConfigItemId.ONLINE_SERVICE_LINK),
    licence: byId(ConfigItemId.LICENCE_TEXT),
    responsibleGambling: byId(ConfigItemId.RESPONSIBLE_GAMBLING_TEXT),
  };
}
