import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../errors';

/**
 * Named rate-limit presets, every throttle of the API in one place. Each limits by client IP and, where it
 * says so, by device (the browser fingerprint a sign-in form carries) or by signed-in player. A per-player
 * limit is what stops one account from hammering a money or provider path however many addresses it uses;
 * the IP limit beside it is set about ten players high, because many real players share one carrier-grade
 * NAT address. Counters live in memory, or in Redis when REDIS_URL is set so that every node shares them.
 * A refused call answers 429 in the envelope (操作过于频繁，请稍后再试) with `retry-after` in seconds.
 */
interface Limit {
  max: number;
  windowMs: number;
}
interface Preset {
  ip: Limit;
  device?: Limit;
  player?: Limit;
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
  // Originals bets: the fastest auto-bet a person can set up plays about 10 bets a second. The hostile test
  // sent 142–177 a second from one player, each a ledger transaction under the player's seed lock.
  bet: { player: { max: 600, windowMs: MINUTE }, ip: { max: 6000, windowMs: MINUTE } },
  // Opening a game calls the provider and may open a provider session; a person opens a few games a minute.
  // The hostile test launched 2,154 times in 5 s for one player.
  launch: { player: { max: 10, windowMs: MINUTE }, ip: { max: 100, windowMs: MINUTE } },
  // Refresh and refund ask every transfer-wallet provider for the player's balance and move it back; the
  // refresh button is pressed a few times a minute at most (the 30-second user-info poll does not call it).
  recall: { player: { max: 12, windowMs: MINUTE }, ip: { max: 120, windowMs: MINUTE } },
  // Rotating the seed reveals the old server seed and commits a new one; a player verifying bets does this a
  // handful of times, never 163 times a second as in the hostile test.
  seedRotation: { player: { max: 6, windowMs: MINUTE }, ip: { max: 60, windowMs: MINUTE } },
  // Calls that move money or change where it may go (recharge orders, withdrawals, addresses, deposit
  // limits): each is a deliberate form a person fills in, seconds apart.
  money: { player: { max: 10, windowMs: MINUTE }, ip: { max: 100, windowMs: MINUTE } },
  // Setting or changing the withdrawal password checks the old one: throttled like guessing a password.
  password: { player: { max: 5, windowMs: 10 * MINUTE }, ip: { max: 50, windowMs: 10 * MINUTE } },
  // Community writing: a person writes a post every few minutes at most, comments a few times a minute, and
  // likes as fast as they scroll; beyond that it is a spam script (the per-player limits are what count).
  communityPost: { player: { max: 5, windowMs: 10 * MINUTE }, ip: { max: 50, windowMs: 10 * MINUTE } },
  communityComment: { player: { max: 10, windowMs: MINUTE }, ip: { max: 100, windowMs: MINUTE } },
  communityLike: { player: { max: 60, windowMs: MINUTE }, ip: { max: 600, windowMs: MINUTE } },
  // Every other signed-in call (user info, records, lists): the app polls user info every 30 s and pages a
  // few lists, far below 5 a second; a script reading faster is scraping or load-testing us.
  account: { player: { max: 300, windowMs: MINUTE }, ip: { max: 3000, windowMs: MINUTE } },
} satisfies Record<string, Preset>;
export type RateLimitPreset = keyof typeof RATE_LIMITS;

/**
 * Which signed-in routes take which preset. A signed-in route not listed here takes `account`, so a new
 * route is throttled even when its author forgot; a route listed here takes its preset instead.
 */
export const ROUTE_LIMITS: Record<string, RateLimitPreset> = {
  'POST /api/originals/:game/bet': 'bet',
  'GET /api/game/login': 'launch',
  'POST /api/plat/refresh': 'recall',
  'GET /api/ky/refund': 'recall',
  'POST /api/originals/seeds/rotate': 'seedRotation',
  'POST /api/plat/recharge': 'money',
  'POST /api/plat/withdraw-apply': 'money',
  'POST /api/plat/bind-address': 'money',
  'POST /api/plat/del-address': 'money',
  'POST /api/plat/deposit-limits/set': 'money',
  'POST /api/plat/set-password': 'password',
  'POST /api/plat/update-password': 'password',
  'POST /api/home/sign-in-link': 'money',
  'POST /api/community/posts': 'communityPost',
  'POST /api/community/posts/:id/comments': 'communityComment',
  'POST /api/community/posts/:id/report': 'communityComment',
  'POST /api/community/posts/:id/like': 'communityLike',
};

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

/** The signed-in player of a request, once requireAuth has run ('' before, or for anonymous calls). */
function playerOf(request: FastifyRequest): string {
  return request.session ? String(request.session.playerId) : '';
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
    const keyed = (limit: Limit, kind: string, keyOf: (req: FastifyRequest) => string) => {
      const check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (req) => `${name}:${kind}:${keyOf(req)}`,
      }) as Checker;
      // Requests without that key (no device id, not signed in) are covered by the IP limit alone.
      list.push(async (req) => (keyOf(req) ? check(req) : { isAllowed: true }));
    };
    if (preset.device) keyed(preset.device, 'dev', deviceOf);
    if (preset.player) keyed(preset.player, 'player', playerOf);
    checkers.set(name, list);
  }

  const limiters = new Map<RateLimitPreset, preHandlerAsyncHookHandler>();
  const isLimiter = (handler: unknown) => [...limiters.values()].includes(handler as never);
  const limitBy = (preset: RateLimitPreset): preHandlerAsyncHookHandler => {
    const known = limiters.get(preset);
    if (known) return known;
    const list = checkers.get(preset) ?? [];
    const limiter: preHandlerAsyncHookHandler = async (request, reply) => {
      for (const check of list) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds ?? 60));
          throw new AppError('RATE_LIMITED');
        }
      }
    };
    limiters.set(preset, limiter);
    return limiter;
  };
  app.decorate('limitBy', limitBy);

  // Every signed-in route gets its preset right after requireAuth (so the player is known), from
  // ROUTE_LIMITS or `account`, unless the route already names a preset of its own.
  app.addHook('onRoute', (route: RouteOptions) => {
    const requireAuth = (app as { requireAuth?: unknown }).requireAuth;
    const handlers = [route.preHandler ?? []].flat();
    const at = handlers.indexOf(requireAuth as never);
    if (at < 0 || handlers.some(isLimiter)) return;
    const methods = [route.method].flat();
    const preset = methods.map((m) => ROUTE_LIMITS[`${m} ${route.url}`]).find(Boolean) ?? 'account';
    handlers.splice(at + 1, 0, limitBy(preset));
    route.preHandler = handlers;
  });
}

export default fp(rateLimitPlugin, { name: 'koi-rate-limit' });
