import { useQuery } from '@tanstack/react-query';
import { ADMIN_ROUTES, permits, type AdminMe, type Permissions } from '@koi/contract';
import { adminApi } from './api';
import { useToken } from './session';

/** A route key of the contract's table, e.g. `'POST /api/admin/players/:id/freeze'`. */
export type RouteKey = keyof typeof ADMIN_ROUTES & string;

/**
 * Whether `permissions` allow the route. The contract's table is the server's own route table, so the
 * console hides or disables exactly what the server would refuse; an unknown route is refused (deny by
 * default, as on the server).
 */
export function allows(permissions: Permissions | undefined, route: RouteKey): boolean {
  const rule = ADMIN_ROUTES[route];
  if (!rule || !permissions) return false;
  return permits(permissions, rule);
}

export const ME_KEY = ['admin', 'me'] as const;

/** The signed-in operator, their role and effective permissions, read from the server. */
export function useMe() {
  const token = useToken();
  return useQuery<AdminMe>({
    queryKey: [...ME_KEY, token],
    queryFn: adminApi.me,
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** `can('POST /api/admin/players/:id/freeze')`: false until the operator's permissions are known. */
export function useCan() {
  const me = useMe().data;
  return (route: RouteKey) => allows(me?.permissions, route);
}
