import {
  adminGameUpdateRequest,
  adminGameUpdateResult,
  adminGamesQuery,
  adminGamesResult,
  adminIdParams,
  adminProvidersResult,
  adminProviderUpdateRequest,
  adminProviderUpdateResult,
  type AdminGameRow,
  type AdminProviderRow,
} from '@koi/contract';
import { type AuditedRoutes, auditedRoutesPlugin, listed } from '../../plugins/routes';
import type { GamesAdmin } from './games.admin';
import { pageWindow } from '../../lib/paging';

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
  name_en: p.nameEn,
  wallet_model: p.walletModel,
  enabled: p.enabled,
  sort: p.sort,
  game_count: p.gameCount,
});

/** The console's game routes: list, switch games and providers on or off, status, hot flag and sort. */
function gamesAdminApi({ read, write, audit }: AuditedRoutes, { admin }: { admin: GamesAdmin }) {
  read.get(
    '/api/admin/games',
    { summary: '游戏列表（含已停用）', querystring: adminGamesQuery, result: adminGamesResult },
    async (request) => {
      const q = request.query;
      const found = await admin.listGames({
        platTypeId: q.plat_type ?? 0,
        gameTypeId: q.game_type ?? 0,
        status: q.status ?? 0,
        keyword: q.keyword,
        ...pageWindow(q),
      });
      return listed(found, gameWire);
    },
  );

  write.post(
    '/api/admin/games/:id',
    {
      summary: '修改游戏（中英文名称、启用、状态1-4、热门、排序）',
      params: adminIdParams,
      body: adminGameUpdateRequest,
      result: adminGameUpdateResult,
    },
    async (request) => {
      const { name_zh, name_en, enabled, status, is_hot, sort, reason } = request.body;
      const id = request.params.id;
      const logged = audit.writer(request, 'game.update', { type: 'game', id }, reason);
      const patch = { nameZh: name_zh, nameEn: name_en, enabled, status, isHot: is_hot, sort };
      return gameWire(await admin.updateGame(id, patch, logged));
    },
  );

  read.get('/api/admin/providers', { summary: '游戏厂商', result: adminProvidersResult }, async () =>
    (await admin.listProviders()).map(providerWire),
  );

  write.post(
    '/api/admin/providers/:id',
    {
      summary: '厂商的中英文名称、启用或停用整个厂商、排序',
      params: adminIdParams,
      body: adminProviderUpdateRequest,
      result: adminProviderUpdateResult,
    },
    async (request) => {
      const { name, name_en, enabled, sort, reason } = request.body;
      const id = request.params.id;
      const logged = audit.writer(request, 'provider.update', { type: 'provider', id }, reason);
      return providerWire(await admin.updateProvider(id, { name, nameEn: name_en, enabled, sort }, logged));
    },
  );
}

export const gamesAdminRoutes = auditedRoutesPlugin(['后台：游戏'], 'games', gamesAdminApi);
