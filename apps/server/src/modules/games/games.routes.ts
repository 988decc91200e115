import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gameListQuery,
  gameListResult,
  gamePlatListQuery,
  gamePlatListResult,
  gameTypeRequest,
  gameTypeResult,
  hotGamesQuery,
  hotGamesResult,
} from '@koi/contract';
import type { Locale } from '@koi/contract';
import { z } from 'zod';
import { AppError } from '../../errors';
import { localName } from '../../lib/local-name';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import { localeOf } from '../../plugins/locale';
import { createSvgRaster, sendSvgPicture, type SvgRaster } from '../../lib/svg-raster';
import { drawBrand, drawCategoryIcon, drawGameTile } from './artwork';
import type { GamesService } from './games.service';
import { categoryTabWire, gamePageWire, platRecordWire } from './games.wire';

/** Every public game list is built from these; a change to any drops them all (plugins/public-cache.ts). */
/** The tables the catalogue's public answers are read from; a change to any of them changes those answers. */
export const CATALOGUE_TABLES = ['games', 'game_providers', 'game_categories'];
const CATALOGUE = { publicCache: CATALOGUE_TABLES };

const ART_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

function gamesApi(
  api: ApiRoutes,
  { games, raster = createSvgRaster() }: { games: GamesService; raster?: SvgRaster },
  app: FastifyInstance,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  api.open.get(
    '/api/plat/game',
    {
      summary: '游戏列表（按分类/厂商/关键字筛选，分页）',
      querystring: gameListQuery,
      result: gameListResult,
      config: CATALOGUE,
    },
    async (request) => {
      const q = request.query;
      const page = await games.list({
        gameTypeId: q.game_type,
        providerId: q.plat_type,
        keyword: q.keyword,
        hotOnly: q.is_hot,
        page: q.page,
        size: q.size,
      });
      return gamePageWire(page, localeOf(request));
    },
  );

  api.open.get(
    '/api/plat/game/hot',
    { summary: '热门游戏', querystring: hotGamesQuery, result: hotGamesResult, config: CATALOGUE },
    async (request) => gamePageWire(await games.hot(request.query), localeOf(request)),
  );

  api.open.get(
    '/api/plat/game-plat-list',
    {
      summary: '全部游戏：分类下的厂商',
      querystring: gamePlatListQuery,
      result: gamePlatListResult,
      config: CATALOGUE,
    },
    async (request) =>
      (await games.platList(request.query.game_type)).map((p) => platRecordWire(p, localeOf(request))),
  );

  api.open.post(
    '/api/plat/game-type',
    {
      summary: '首页游戏分类标签（game_plat_type=0）',
      body: gameTypeRequest,
      result: gameTypeResult,
      config: CATALOGUE,
    },
    async (request) => (await games.categories(localeOf(request))).map(categoryTabWire),
  );

  // Generated artwork (decision 17); `?lang=en` draws the English name (games.wire.ts, localArt).
  const code = z.string().regex(/^[a-z0-9-]{1,40}$/);
  const artQuery = z.object({ lang: z.enum(['en']).optional() });
  const artLocale = (q: { lang?: 'en' }): Locale => q.lang ?? 'zh-CN';
  r.get(
    '/art/games/:plat/:code/:variant',
    {
      schema: {
        hide: true,
        params: z.object({
          plat: z.coerce.number().int().min(1).max(15),
          code,
          variant: z.enum(['tile.svg', 'hot.svg']),
        }),
        querystring: artQuery,
      },
    },
    async (request, reply) => {
      const game = await games.findGame(request.params.plat, request.params.code);
      if (!game) throw new AppError('NOT_FOUND', { url: request.url });
      const art = {
        code: game.gameCode,
        name: localName(game.nameZh, game.nameEn, artLocale(request.query)),
        providerName: localName(game.providerName, game.providerNameEn, artLocale(request.query)),
        gameTypeId: game.gameTypeId,
      };
      const svg = drawGameTile(art, request.params.variant === 'hot.svg' ? 'hot' : 'tile');
      return sendSvgPicture(request, reply, { raster, svg, cacheControl: ART_CACHE });
    },
  );
  r.get(
    '/art/brands/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^\d{1,2}\.svg$/) }),
        querystring: artQuery,
      },
    },
    async (request, reply) => {
      const provider = await games.provider({ id: Number.parseInt(request.params.file, 10) });
      if (!provider) throw new AppError('NOT_FOUND', { url: request.url });
      const name = localName(provider.name, provider.nameEn, artLocale(request.query));
      return sendSvgPicture(request, reply, {
        raster,
        svg: drawBrand(provider.id, name),
        cacheControl: ART_CACHE,
      });
    },
  );
  r.get(
    '/art/categories/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[0-7]\.svg$/) }) } },
    async (request, reply) =>
      sendSvgPicture(request, reply, {
        raster,
        svg: drawCategoryIcon(Number.parseInt(request.params.file, 10)),
        cacheControl: ART_CACHE,
      }),
  );
}

export const gamesRoutes = routesPlugin(['游戏'], gamesApi);
