import { randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { AppError } from '../errors';
import errorsPlugin from './errors';
import rateLimitPlugin, { RATE_LIMITS, ROUTE_LIMITS, type RateLimitPreset } from './rate-limit';

/*
 * The presets on a bare Fastify with the real errors and rate-limit plugins and a stand-in for requireAuth
 * (the player id comes from a header), so each limit can be driven to its edge in memory, fast.
 */
async function appWithRoutes(redisUrl?: string): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: true });
  await app.register(errorsPlugin);
  await app.register(rateLimitPlugin, {
    config: testConfig({ rateLimitEnabled: true, ...(redisUrl ? { redisUrl } : {}) }),
  });
  app.decorateRequest('session', null);
  app.decorate('requireAuth', async (request: { headers: Record<string, unknown>; session: unknown }) => {
    const id = Number(request.headers['x-player']);
    if (!id) throw new AppError('UNAUTHORIZED');
    request.session = { playerId: id, sessionId: id, previousLoginAt: null };
  });
  for (const route of [...Object.keys(ROUTE_LIMITS), 'POST /api/plat/some-read']) {
    const [method, url] = route.split(' ') as ['GET' | 'POST', string];
    app.route({ method, url, preHandler: app.requireAuth, handler: async () => ({ ok: true }) });
  }
  await app.ready();
  return app;
}

const call = (app: FastifyInstance, route: string, player: number, ip = '10.0.0.1') => {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  return app.inject({
    method,
    url: url.replace(':game', 'dice'),
    headers: { 'x-player': String(player), 'x-forwarded-for': ip },
  });
};

/** The first route taking each preset, and the unlisted read for `account`. */
const routeOf = (preset: RateLimitPreset) =>
  preset === 'account'
    ? 'POST /api/plat/some-read'
    : Object.entries(ROUTE_LIMITS).find(([, p]) => p === preset)![0];

describe('rate-limit presets for signed-in calls', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithRoutes();
  });
  afterAll(() => app.close());

  const playerPresets = ['bet', 'launch', 'recall', 'seedRotation', 'money', 'password', 'account'] as const;
  let player = 100;

  it.each(playerPresets)(
    'answers 429 in the envelope with retry-after past the %s limit per player, and serves the next player',
    async (preset) => {
      const route = routeOf(preset);
      const max = RATE_LIMITS[preset].player.max;
      player += 1;
      const ip = `10.1.${player % 250}.1`;
      for (let i = 0; i < max; i += 1) expect((await call(app, route, player, ip)).statusCode).toBe(200);
      const refused = await call(app, route, player, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, error: { message: '操作过于频繁，请稍后再试' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another player behind the same address is still served.
      expect((await call(app, route, player + 1000, ip)).statusCode).toBe(200);
    },
  );

  it('limits a burst of launches from one address across many players', async () => {
    const route = routeOf('launch');
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.launch.ip.max; i += 1) {
      codes.push((await call(app, route, 5000 + i, '10.9.9.9')).statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('rate-limit presets shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: FastifyInstance;
  let b: FastifyInstance;
  let redis: Redis;
  beforeAll(async () => {
    // Two nodes of one deployment: separate processes in production, separate apps on one Redis here.
    [a, b] = await Promise.all([appWithRoutes(redisUrl), appWithRoutes(redisUrl)]);
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await Promise.all([a.close(), b.close()]);
  });

  it.each(['money', 'bet'] as const)(
    'counts the %s preset once across two nodes on one Redis and answers 429 in the envelope with retry-after',
    async (preset) => {
      const route = routeOf(preset);
      const max = RATE_LIMITS[preset].player.max;
      // A player id no earlier run used, so counters left in Redis by other runs do not count.
      const player = randomInt(1_000_000, 2_000_000_000);
      const ip = `10.77.${player % 250}.${(player >> 8) % 250}`;
      // Alternate nodes: each node alone sees half the limit, together they use all of it.
      for (let i = 0; i < max; i += 1) {
        expect((await call(i % 2 === 0 ? a : b, route, player, ip)).statusCode).toBe(200);
      }
      for (const node of [a, b]) {
        const refused = await call(node, route, player, ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 429, error: { message: '操作过于频繁，请稍后再试' } });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await redis.keys(`koi-rl:*${preset}:player:${player}`)).not.toHaveLength(0);
    },
  );
});
