import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMicro, SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedDemoContent } from './db/seed';
import { systemClock, type Clock } from './lib/clock';
import adminWebPlugin from './plugins/admin-web';
import authPlugin from './plugins/auth';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import { loggerOptions } from './plugins/logging';
import webPlugin from './plugins/web';
import rateLimitPlugin from './plugins/rate-limit';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { contentRoutes } from './modules/content/content.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { createWalletService } from './modules/wallet/wallet.service';
import { gamesRoutes } from './modules/games/games.routes';
import { createGamesRepository } from './modules/games/games.repository';
import { createGamesService } from './modules/games/games.service';
import { seedCatalogue } from './modules/games/catalogue.seed';
import { createLaunchTarget } from './modules/games/launch';
import { createPlayerGate } from './modules/auth';
import { createAuthRepository } from './modules/auth/auth.repository';
import { recordsModule } from './modules/records';
import { originalsRoutes } from './modules/originals/originals.routes';
import { createOriginalsService } from './modules/originals/originals.service';
import { startJobs } from './modules/jobs/jobs';
import { createTransferClient } from './modules/providers/transfer.adapter';
import { createTransferWallet } from './modules/providers/transfer.service';
import { createProviderDirectory } from './modules/providers/directory';
import { createProvidersRepository } from './modules/providers/providers.repository';
import { providersAdminRoutes } from './modules/providers/providers.admin.routes';
import { providersRoutes } from './modules/providers/providers.routes';
import { createSeamlessWallet } from './modules/providers/seamless.service';
import { operatorsModule } from './modules/operators';
import { dashboardRoutes } from './modules/operators/dashboard.routes';
import { createPlayersAdmin } from './modules/auth/auth.admin';
import { authAdminRoutes } from './modules/auth/auth.admin.routes';
import { createWalletAdmin } from './modules/wallet/wallet.admin';
import { walletAdminRoutes } from './modules/wallet/wallet.admin.routes';
import { createGamesAdmin } from './modules/games/games.admin';
import { gamesAdminRoutes } from './modules/games/games.admin.routes';
import { createContentAdmin } from './modules/content/content.admin';
import { contentAdminRoutes } from './modules/content/content.admin.routes';
import { withdrawalsModule, type PayoutRail, type WithdrawalsModule } from './modules/withdrawals';
import { depositsModule } from './modules/deposits';
import { eventsModule } from './modules/events';

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
  }

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
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

  // Our plugins.
  await app.register(errorsPlugin);
  await app.register(rateLimitPlugin, { config });
  // Live balance signals: the wallet tells the hub after each committed transfer that touches a player.
  const events = eventsModule({ config, log: app.log });
  const wallet = createWalletService({
    db: database.db,
    clock,
    log: app.log,
    onPlayerBalanceChanged: events.service.publish,
  });
  await wallet.ensureSystemAccounts();
  // Sign-out and freeze end the player's provider game sessions (no new bets on them; wins still settle).
  const endProviderSessions = async (playerId: number) => {
    await createProvidersRepository(database.db).endSessions(playerId, clock.now());
  };
  // Built after the records service below; user info reads the remaining turnover through it.
  let withdrawals: WithdrawalsModule | null = null;
  const auth = createAuthService({
    db: database.db,
    config,
    clock,
    balanceOf: wallet.displayBalance,
    turnoverRemainingOf: async (playerId) =>
      formatMicro(withdrawals ? await withdrawals.service.turnover.remainingOf(playerId) : 0n),
    onSignedOut: endProviderSessions,
    onPlayerCreated: async (playerId, tx) => {
      await wallet.openPlayerAccount(playerId, tx);
      // Demo mode only (DEMO_SIGNUP_BONUS, 0 by default): a bonus through the ledger, in the same transaction.
      const bonusMicro = toMicro(config.demoSignupBonus);
      if (bonusMicro > 0n) {
        await wallet.transferIn(tx, {
          key: `signup-bonus:${playerId}`,
          debit: { system: SystemAccount.PROMOTION_EXPENSE },
          credit: { player: playerId },
          amountMicro: bonusMicro,
          code: TransferCode.BONUS,
          reference: { type: 'signup_bonus', id: String(playerId) },
        });
      }
    },
  });
  await app.register(authPlugin, { auth });
  // The console's permission guard comes before every module, so it sees each /api/admin route as it is added.
  const operators = operatorsModule({ database, config, clock });
  await operators.guard(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Modules.
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));
  await app.register(authRoutes, { auth, config });
  await app.register(contentRoutes, { db: database.db });
  await app.register(walletRoutes, { wallet });
  await app.register(events.plugin);
  const providerDirectory = createProviderDirectory(database.db, config.providerSim);
  const transferWallet = createTransferWallet({
    db: database.db,
    ledger: wallet,
    client: createTransferClient(),
    endpointFor: providerDirectory.endpointFor,
    clock,
  });
  const gamesRepo = createGamesRepository(database.db);
  const playerGate = createPlayerGate(database.db, clock);
  const games = createGamesService({
    repo: gamesRepo,
    gate: playerGate,
    launcher: createLaunchTarget({
      players: createAuthRepository(database.db),
      sessions: createProvidersRepository(database.db),
      endpointFor: providerDirectory.endpointFor,
      sessionMs: config.providerSessionMs,
      clock,
      transfers: transferWallet,
    }),
  });
  await app.register(gamesRoutes, { games, repo: gamesRepo, transfers: transferWallet });
  const deposits = depositsModule({
    database,
    config,
    clock,
    gate: playerGate,
    wallet,
    // Built further down; inout-records lists withdrawals through it.
    withdrawals: {
      records: (playerId, q) =>
        withdrawals ? withdrawals.service.records(playerId, q) : Promise.resolve({ rows: [], total: 0 }),
    },
  });
  await deposits.service.ensureAddresses(config.deposits.addresses);
  await app.register(deposits.plugin);
  if (config.jobsEnabled) {
    const jobs = startJobs(
      database,
      [
        { name: 'void-expired-holds', lockId: 7_461_101, everyMs: 30_000, run: () => wallet.voidExpired() },
        {
          name: 'reconcile-provider-transfers',
          lockId: 7_461_102,
          everyMs: 15_000,
          run: () => transferWallet.reconcile(),
        },
        ...deposits.jobs,
      ],
      app.log,
    );
    app.addHook('onClose', () => jobs.stop());
  }
  const records = recordsModule({ database, clock });
  const seamless = createSeamlessWallet({
    db: database.db,
    clock,
    ledger: wallet,
    rounds: records.service,
    winBounds: config.providerWins,
    log: app.log,
  });
  const originals = createOriginalsService({
    db: database.db,
    ledger: wallet,
    games,
    gate: playerGate,
    rounds: records.service,
    clock,
    ...config.originals,
  });
  await app.register(originalsRoutes, { originals });
  await app.register(records.plugin);
  withdrawals = withdrawalsModule({
    database,
    config,
    clock,
    players: auth,
    wallet,
    records: records.service,
    audit: operators.service,
    rail: deps.payoutRail,
    payout: config.payout,
  });
  await app.register(withdrawals.plugin);
  if (config.jobsEnabled) {
    const withdrawalJobs = startJobs(database, withdrawals.jobs, app.log);
    app.addHook('onClose', () => withdrawalJobs.stop());
  }
  await app.register(providersRoutes, { wallet: seamless, directory: providerDirectory, clock });
  // The operator console (issue 11): each module serves the admin routes over its own data.
  await operators.plugin(app);
  const audit = operators.service;
  const playersAdmin = createPlayersAdmin({ db: database.db, clock, onFrozen: endProviderSessions });
  const walletAdmin = createWalletAdmin({
    db: database.db,
    clock,
    wallet,
    approvalAboveMicro: config.console.approvalAboveMicro,
  });
  await app.register(authAdminRoutes, { players: playersAdmin, wallet, ledger: walletAdmin, audit });
  await app.register(walletAdminRoutes, { admin: walletAdmin, audit });
  await app.register(gamesAdminRoutes, {
    admin: createGamesAdmin({ db: database.db, onProvidersChanged: providerDirectory.invalidate }),
    audit,
  });
  await app.register(providersAdminRoutes, { db: database.db });
  await app.register(contentAdminRoutes, {
    admin: createContentAdmin({ db: database.db, clock, uploadsDir: config.console.uploadsDir }),
    audit,
  });
  await app.register(dashboardRoutes, {
    clock,
    players: playersAdmin,
    ledger: walletAdmin,
    operators: operators.service,
  });

  // The operator console under /admin, with its own not-found handler for its client-side routes.
  await app.register(adminWebPlugin, { distDir: config.adminDistDir });

  // The player app and the answer to unknown URLs (plugins/web.ts).
  await app.register(webPlugin, { distDir: config.webDistDir });

  return app;
}
