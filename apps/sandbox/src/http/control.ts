import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The header that carries the control secret on every `/control/*` call. */
export const CONTROL_HEADER = 'x-sandbox-control';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Guards every `/control/<system>/*` endpoint (faults, delays, duplicates, resets, test payments) with the
 * control secret, compared in constant time. Only tests and operators of the sandbox hold it; the systems'
 * own wire APIs never accept it.
 */
export function guardControl(app: FastifyInstance, secret: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/control/')) return;
    const given = request.headers[CONTROL_HEADER];
    if (typeof given !== 'string' || !same(given, secret))
      return reply.status(401).send({ error: 'control secret required' });
  });
}
