import { bannerResult, bulletinResult } from '@koi/contract';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { ContentService } from './content.service';
import { bannerWire, configItemWire } from './content.wire';

function contentApi(api: ApiRoutes, { content }: { content: ContentService }) {
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

export const contentRoutes = routesPlugin(['内容'], contentApi);
