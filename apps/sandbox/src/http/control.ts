import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

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

/** How many of the next calls suffer a fault. */
export const faultCount = z.number().int().min(0).optional();

/** The faults every system's control sets: the next N calls fail with a status, or answer only after a delay. */
export const commonFaultFields = {
  fail_next: faultCount,
  fail_status: z.number().int().min(400).max(599).optional(),
  timeout_next: faultCount,
  timeout_ms: z.number().int().min(0).max(120_000).optional(),
};

const camelCase = (key: string) => key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * `POST path` sets a system's fault counters from a snake_case body (`fail_next` sets `failNext`) and leaves
 * those the body does not name, so a test can change one fault without restating the others. `fields` are the
 * body's allowed fields; the answer is `answer(faults)`, the counters as they now stand.
 */
export function faultsRoute<F extends object>(
  app: FastifyInstance,
  path: string,
  fields: z.ZodRawShape,
  faults: F,
  answer: (faults: F) => unknown = (f) => f,
): void {
  const body = z.object(fields);
  app.post(path, async (request, reply) => {
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ error: parsed.error.issues[0]?.message });
    for (const [key, value] of Object.entries(parsed.data)) {
      if (value !== undefined) Object.assign(faults, { [camelCase(key)]: value });
    }
    return answer(faults);
  });
}
