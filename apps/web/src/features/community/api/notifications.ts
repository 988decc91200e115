import { useMutation } from '@tanstack/react-query';
import type { CommunityNotification } from '@koi/contract';
import { api } from '../../../lib/http';
import { useInvalidate, usePlayerQuery } from '../../../lib/playerQuery';
import { communityKeys } from './keys';

export type NotificationsPage = { data: CommunityNotification[]; total: number; unread: number };

/** The latest 50 notifications: the interaction tab shows recent activity, not an archive. */
export const NOTIFICATIONS_SHOWN = 50;

export const useNotificationsQuery = () =>
  usePlayerQuery(communityKeys.notifications, () =>
    api.get<NotificationsPage>('/api/community/notifications', { page: 1, size: NOTIFICATIONS_SHOWN }),
  );

export function useMarkReadMutation() {
  const invalidate = useInvalidate(['community', 'notifications']);
  return useMutation({
    mutationFn: () => api.post<{ unread: 0 }>('/api/community/notifications/read'),
    onSuccess: () => invalidate(),
  });
}
