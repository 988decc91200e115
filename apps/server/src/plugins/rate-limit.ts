import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../errors';

/**
 * Named rate-limit presets. Each limits by client IP and, where the request names a device (the browser
 * fingerprint), by device too, so that one phone behind a shared carrier IP cannot starve its neighbours
 * and one attacker cannot rotate devices to escape the IP limit. Counters live in memory, or in Redis when
 * REDIS_URL is set so that every node shares them.
 */
interface Limit {
  max: number;
  windowMs: number;
}
interface Preset {
  ip: Limit;
  device?: Limit;
}

const MINUTE = 60_000;
export const RATE_LIMITS = {
  // A captcha image is cheap to ask for but costs us CPU to draw; a person reloads it a few times a minute.
  captcha: { ip: { max: 30, windowMs: MINUTE }, device: { max: 12, windowMs: MINUTE } },
  // Login is where passwords are guessed; the per-account lock stops guessing one account, this stops
  // spraying many accounts from one place.
  login: { ip: { max: 20, windowMs: MINUTE }, device: { max: 10, windowMs: MINUTE } },
  // Few people create more than a couple of accounts; bursts of registrations are bonus abuse.
  register: { ip: { max: 10, windowMs: 10 * MINUTE }, device: { max: 5, windowMs: 10 * MINUTE } },
  // Scanners probe unknown URLs; keep them from filling the logs.
  notFound: { ip: { max: 60, windowMs: MINUTE } },
} satisfies Record<string, Preset>;
export type RateLimitPreset = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyInstance {
    limitBy(preset: RateLimitPreset): preHandlerAsyncHookHandler;
  }
}

type Checker = (
  req: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

function deviceOf(request: FastifyRequest): string {
  const body = request.body as { device?: unknown } | undefined;
  return typeof body?.device === 'string' ? body.device : '';
}

async function rateLimitPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  if (!config.rateLimitEnabled) {
    app.decorate('limitBy', () => async () => undefined);
    return;
  }
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error (rate limits fail open)'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    // When Redis is unreachable we let requests through: the account lock still guards passwords, and an
    // outage of a counter store must not take sign-in down with it.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'koi-rl:' } : {}),
  });

  const checkers = new Map<RateLimitPreset, Checker[]>();
  for (const [name, preset] of Object.entries(RATE_LIMITS) as [RateLimitPreset, Preset][]) {
    const list: Checker[] = [
      app.createRateLimit({
        max: preset.ip.max,
        timeWindow: preset.ip.windowMs,
        keyGenerator: (req) => `${name}:ip:${req.ip}`,
      }) as Checker,
    ];
    if (preset.device) {
      const limit = preset.device;
      const byDevice = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (req) => `${name}:dev:${deviceOf(req)}`,
      }) as Checker;
      // Requests without a device id are covered by the IP limit alone.
      list.push(async (req) => (deviceOf(req) ? byDevice(req) : { isAllowed: true }));
    }
    checkers.set(name, list);
  }

  app.decorate('limitBy', (preset: RateLimitPreset) => {
    const list = checkers.get(preset) ?? [];
    return async (request, reply) => {
      for (const check of list) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds ?? 60));
          throw new AppError('RATE_LIMITED');
        }
      }
    };
  });
}

export default fp(rateLimitPlugin, { name: 'koi-rate-limit' });
