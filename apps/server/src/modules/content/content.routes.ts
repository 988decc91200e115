import type { FastifyInstance } from 'fastify';
import { bannerResult, bulletinResult } from '@koi/contract';
import { apiRoutes } from '../../plugins/routes';
import type { ContentService } from './content.service';
import { bannerWire, configItemWire } from './content.wire';

export async function contentRoutes(app: FastifyInstance, opts: { content: ContentService }) {
  const { content } = opts;
  const api = apiRoutes(app, { tags: ['内容'] });

  api.open.get(
    '/api/plat/bulletin',
    { summary: '公告与配置项（id 1-9）', result: bulletinResult, config: { publicCache: ['config_items'] } },
    async () => (await content.bulletin()).map(configItemWire),
  );

  api.open.get(
    '/api/banner',
    { summary: '轮播图', result: bannerResult, config: { publicCache: ['banners'] } },
    async () => (await content.banners()).map(bannerWire),
  );
}
