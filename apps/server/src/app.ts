import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedDemoContent } from './db/seed';
import { systemClock, type Clock } from './lib/clock';
import adminWebPlugin from './plugins/admin-web';
import authPlugin from './plugins/auth';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import { loggerOptions } from './plugins/logging';
import webPlugin, { firstScreenOf } from './plugins/web';
import { createSvgRaster } from './lib/svg-raster';
import rateLimitPlugin from './plugins/rate-limit';
import publicCachePlugin from './plugins/public-cache';
import securityHeadersPlugin from './plugins/security-headers';
import { agentsModule } from './modules/agents';
import { auditModule } from './modules/audit';
import { authModule, createPlayerDirectory } from './modules/auth';
import { betsModule } from './modules/bets';
import { channelsModule } from './modules/channels';
import { consoleModule } from './modules/console';
import { communityModule } from './modules/community';
import { contentModule } from './modules/content';
import { depositsModule } from './modules/deposits';
import { eventsModule, type DomainEvents } from './modules/events';
import { gamesModule } from './modules/games';
import { seedCatalogue } from './modules/games/catalogue.seed';
import { startJobs } from './modules/jobs/jobs';
import { operatorsModule } from './modules/operators';
import { originalsModule } from './modules/originals';
import { profileModule } from './modules/profile';
import { promotionsModule } from './modules/promotions';
import { telegramModule } from './modules/telegram';
import { seedDemoPromotions } from './modules/promotions/promotions.seed';
import { providersModule } from './modules/providers';
import { redPacketsModule } from './modules/redpackets';
import { turnoverModule } from './modules/turnover';
import { vipModule } from './modules/vip';
import { walletModule } from './modules/wallet';
import { withdrawalsModule, type PayoutRail } from './modules/withdrawals';

export interface AppDeps {
  /** An open database; when absent the app opens (and later closes) the one the config names. */
  database?: Database;
  clock?: Clock;
  /** Where log lines go (tests read them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** A payout rail instead of the configured one (tests). */
  payoutRail?: PayoutRail | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    koi: { config: Config; database: Database; clock: Clock };
  }
}

// Validation messages name the field in Chinese, the product language (decision 5: HTTP 400 naming the field).
z.config(z.locales.zhCN());

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // Router and HTTP-parser failures answer in the envelope too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Unicode-heavy or deeply nested bodies are refused by size and schema; this bounds parameter abuse.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !deps.database;
  const database = deps.database ?? (await openDatabase(config));
  const clock = deps.clock ?? systemClock;
  app.decorate('koi', { config, database, clock });
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  await database.migrate();
  if (config.seedDemo) {
    await seedDemoContent(database.db);
    await seedCatalogue(database.db);
    await seedDemoPromotions(database.db, clock.now());
  }

  // External plugins.
  await app.register(securityHeadersPlugin, {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:'],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
    },
    playerFrameAncestors: config.telegram?.frameAncestors ?? [],
  });
  // JSON and other text over 1 KB is compressed for browsers that accept it. A stream of server-sent events
  // must reach the client as each event is written, so it is never compressed (buffering would hold it back).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: /^(?!text\/event-stream)(?:text\/|application\/(?:json|javascript)|image\/svg)/,
  });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false });
  // Only the three encodings of decision 6 are accepted; Fastify's default text/plain parser would let a
  // string body reach the schema and fail there with a less helpful message.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Koi's forms carry text only; a file part is refused instead of being buffered.
    limits: { files: 0, fields: 50, fieldSize: config.bodyLimitBytes, parts: 50 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Koi API',
        version: '0.1.0',
        description:
          '每个响应都是信封 {code, result, message, error:{message}}；code 200 表示成功。POST 接受 form-urlencoded、multipart 与 JSON。',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // The modules, built in one pass from the bottom layer up (modules/README.md): each gets the services of the
  // modules below it. A lower module that must let a higher one act (auth creating a player, games changing a
  // provider, bets showing an original's proof) offers hooks, and the higher module registers when it is built.
  // What almost every module is built with, spread into each one's dependencies so the list names what differs.
  const basics = { database, config, clock };
  // Platform.
  const audit = auditModule(basics);
  const events = eventsModule({ config, log: app.log, database });
  const wallet = walletModule({
    ...basics,
    log: app.log,
    onPlayerBalanceChanged: events.service.publish,
  });
  // Identity.
  const auth = authModule({
    ...basics,
    wallet: wallet.service,
    walletAdmin: wallet.admin,
    audit: audit.service,
    changes: events.changes,
    domain: events.domain,
  });
  const operators = operatorsModule({ ...basics, audit: audit.service });
  // Business.
  const content = contentModule({ ...basics, audit: audit.service, changes: events.changes });
  const telegram = telegramModule({
    ...basics,
    auth: auth.service,
    links: auth.links,
    log: app.log,
  });
  // One cache of SVG pictures drawn as WebP, for the games' artwork and the player app's own pictures.
  const raster = createSvgRaster();
  const games = gamesModule({
    database,
    gate: auth.gate,
    audit: audit.service,
    changes: events.changes,
    clock,
    raster,
  });
  const bets = betsModule({
    ...basics,
    catalogue: games.service,
    onSettled: (round) => events.domain.emit('bet.settled', round),
  });
  const providers = providersModule({
    ...basics,
    log: app.log,
    wallet: wallet.service,
    players: auth.service,
    games: games.service,
    authHooks: auth.hooks,
    gamesHooks: games.hooks,
    bets: bets.service,
  });
  const originals = originalsModule({
    ...basics,
    wallet: wallet.service,
    games: games.service,
    gate: auth.gate,
    records: bets.service,
  });
  const turnover = turnoverModule({ ...basics, records: bets.service });
  // Both ways money comes in, the chain and the payment channels, credit the same way: past the player gate,
  // through the ledger with the deposit's turnover requirement, audited, and announced as deposit.credited.
  const crediting = {
    ...basics,
    gate: auth.gate,
    wallet: wallet.service,
    turnover: turnover.service,
    audit: audit.service,
    onCredited: (fact: DomainEvents['deposit.credited']) => events.domain.emit('deposit.credited', fact),
  };
  const deposits = depositsModule({ ...crediting, players: auth.service });
  const channels = channelsModule({
    ...crediting,
    deposits: deposits.service,
    depositsHooks: deposits.hooks,
    log: app.log,
  });
  const withdrawals = withdrawalsModule({
    ...basics,
    players: auth.service,
    wallet: wallet.service,
    adjustments: wallet.admin,
    records: bets.service,
    turnover: turnover.service,
    deposits: deposits.service,
    channels: channels.service,
    audit: audit.service,
    operators: operators.service,
    rail: deps.payoutRail,
    payout: config.payout,
  });
  const promotions = promotionsModule({
    ...basics,
    wallet: wallet.service,
    turnover: turnover.service,
    bets: bets.service,
    players: auth.service,
    audit: audit.service,
    authHooks: auth.hooks,
    domain: events.domain,
    withdrawals: withdrawals.service,
    log: app.log,
    // Households: besides the sign-up device and IP, a shared withdrawal address or TRC20 sender links players.
    linkSources: [withdrawals.service.linkedByAddress, deposits.service.linkedBySender],
  });
  const community = communityModule({
    ...basics,
    audit: audit.service,
    players: auth.service,
    signals: events.service,
  });
  if (config.seedDemo) await community.seedDemo();
  const agents = agentsModule({
    ...basics,
    wallet: wallet.service,
    bets: bets.service,
    directory: createPlayerDirectory(database.db),
    audit: audit.service,
    authHooks: auth.hooks,
    // The bot's start link, or null while Telegram is not configured.
    telegram: telegram.service,
  });
  const vip = vipModule({
    ...basics,
    wallet: wallet.service,
    turnover: turnover.service,
    bets: bets.service,
    directory: auth.service,
    gate: auth.gate,
    audit: audit.service,
    log: app.log,
  });
  const redPackets = redPacketsModule({
    database,
    clock,
    wallet: wallet.service,
    gate: auth.gate,
    directory: auth.service,
    audit: audit.service,
    hub: events.service,
    log: app.log,
  });
  // Views.
  const profile = profileModule({
    auth: auth.service,
    security: auth.security,
    turnover: turnover.service,
    bets: bets.service,
    links: auth.links,
    config,
  });
  const consoleViews = consoleModule({
    clock,
    players: auth.admin,
    directory: auth.service,
    ledger: wallet.admin,
    duties: withdrawals.service,
    audit: audit.service,
  });
  const modules = [
    audit,
    events,
    wallet,
    auth,
    operators,
    content,
    telegram,
    games,
    bets,
    providers,
    originals,
    turnover,
    deposits,
    channels,
    withdrawals,
    promotions,
    community,
    agents,
    vip,
    redPackets,
    profile,
    consoleViews,
  ];

  // Our plugins: the error envelope, rate limits, the player session (requireAuth), and the console's permission
  // guard, which must come before every module so that it sees each /api/admin route as the route is added.
  await app.register(errorsPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(authPlugin, { auth: auth.service, geo: config.geo });
  // Banners, bulletin and game lists from memory with ETags, dropped when their tables change.
  await app.register(publicCachePlugin, { changes: events.changes, clock });
  await operators.guard(app);
  // Set when the request arrives (a callback hook, no promise per request), so every answer carries it,
  // errors and early refusals included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));

  // Modules.
  for (const module of modules) await app.register(module.plugin);
  if (config.jobsEnabled) {
    const jobs = startJobs(
      database,
      modules.flatMap((module) => module.jobs),
      app.log,
    );
    app.addHook('onClose', () => jobs.stop());
  }

  // The operator console under /admin, with its own not-found handler for its client-side routes.
  await app.register(adminWebPlugin, { distDir: config.adminDistDir });

  // The player app and the answer to unknown URLs (plugins/web.ts).
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    raster,
    firstScreen: () =>
      firstScreenOf(content.firstScreen, games.firstScreen, (err) =>
        app.log.warn({ err }, 'catalogue unavailable; index.html without it'),
      ),
  });

  return app;
}
