import type { RouteOptions } from 'fastify';

type HookName = 'preHandler' | 'onSend';

/**
 * Puts `hook` first among a route's own `name` hooks, from an onRoute hook: it then runs where a global hook
 * would (before the route's and other plugins' route-level hooks, e.g. the compression plugin's onSend), but
 * only on the routes that need it, instead of costing every request a call and a promise.
 */
export function runFirst<N extends HookName>(
  route: RouteOptions,
  name: N,
  hook: NonNullable<RouteOptions[N]>,
) {
  const own = [route[name] ?? []].flat() as unknown[];
  (route as Record<HookName, unknown>)[name] = [hook, ...own].flat();
}

/** Whether a route answers a method that may change something (anything but GET and HEAD). */
export const isWrite = (route: RouteOptions) =>
  [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
