import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminGameUpdateRequest,
  adminGameUpdateResult,
  adminGamesQuery,
  adminGamesResult,
  adminIdParams,
  adminProvidersResult,
  adminProviderUpdateRequest,
  adminProviderUpdateResult,
  envelope,
  type AdminGameRow,
  type AdminProviderRow,
} from '@koi/contract';
import { ok } from '../../plugins/envelope';
import { actorOf, requires, type AuditPort } from '../operators';
import type { GamesAdmin } from './games.admin';

type GameRow = Awaited<ReturnType<GamesAdmin['listGames']>>['rows'][number];
type ProviderRow = Awaited<ReturnType<GamesAdmin['listProviders']>>[number];

const gameWire = (g: GameRow): AdminGameRow => ({
  id: g.id,
  game_code: g.gameCode,
  name_zh: g.nameZh,
  name_en: g.nameEn,
  plat_type_id: g.platTypeId,
  game_type_id: g.gameTypeId,
  status: g.status,
  enabled: g.enabled,
  is_hot: g.isHot,
  sort: g.sort,
  image: g.image,
  provider_enabled: g.providerEnabled,
});

const providerWire = (p: ProviderRow): AdminProviderRow => ({
  id: p.id,
  code: p.code,
  name: p.name,
  wallet_model: p.walletModel,
  enabled: p.enabled,
  sort: p.sort,
  game_count: p.gameCount,
});

/** The console's game routes: list, switch games and providers on or off, status, hot flag and sort. */
export async function gamesAdminRoutes(app: FastifyInstance, opts: { admin: GamesAdmin; audit: AuditPort }) {
  const { admin } = opts;
  const { audit } = opts.audit;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['后台：游戏'];
  const security = [{ bearer: [] }];

  r.get(
    '/api/admin/games',
    {
      config: requires('games', 'read'),
      schema: {
        tags,
        security,
        summary: '游戏列表（含已停用）',
        querystring: adminGamesQuery,
        response: { 200: envelope(adminGamesResult) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await admin.listGames({
        platTypeId: q.plat_type ?? 0,
        gameTypeId: q.game_type ?? 0,
        status: q.status ?? 0,
        keyword: q.keyword,
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return ok({ data: rows.map(gameWire), total });
    },
  );

  r.post(
    '/api/admin/games/:id',
    {
      config: requires('games', 'write'),
      schema: {
        tags,
        security,
        summary: '修改游戏（启用、状态1-4、热门、排序）',
        params: adminIdParams,
        body: adminGameUpdateRequest,
        response: { 200: envelope(adminGameUpdateResult) },
      },
    },
    async (request) => {
      const { enabled, status, is_hot, sort, reason } = request.body;
      const id = request.params.id;
      const row = await admin.updateGame(
        id,
        { enabled, status, isHot: is_hot, sort },
        audit.writer(actorOf(request), 'game.update', { type: 'game', id }, reason),
      );
      return ok(gameWire(row));
    },
  );

  r.get(
    '/api/admin/providers',
    {
      config: requires('games', 'read'),
      schema: { tags, security, summary: '游戏厂商', response: { 200: envelope(adminProvidersResult) } },
    },
    async () => ok((await admin.listProviders()).map(providerWire)),
  );

  r.post(
    '/api/admin/providers/:id',
    {
      config: requires('games', 'write'),
      schema: {
        tags,
        security,
        summary: '启用或停用整个厂商、排序',
        params: adminIdParams,
        body: adminProviderUpdateRequest,
        response: { 200: envelope(adminProviderUpdateResult) },
      },
    },
    async (request) => {
      const { enabled, sort, reason } = request.body;
      const id = request.params.id;
      const row = await admin.updateProvider(
        id,
        { enabled, sort },
        audit.writer(actorOf(request), 'provider.update', { type: 'provider', id }, reason),
      );
      return ok(providerWire(row));
    },
  );
}
