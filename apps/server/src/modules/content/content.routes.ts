import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bannerResult, bulletinResult, envelope } from '@koi/contract';
import { ok } from '../../plugins/envelope';
import type { ContentService } from './content.service';
import { bannerWire, configItemWire } from './content.wire';

export async function contentRoutes(app: FastifyInstance, opts: { content: ContentService }) {
  const { content } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['内容'];

  r.get(
    '/api/plat/bulletin',
    {
      config: { publicCache: ['config_items'] },
      schema: { tags, summary: '公告与配置项（id 1-9）', response: { 200: envelope(bulletinResult) } },
    },
    async () => ok((await content.bulletin()).map(configItemWire)),
  );

  r.get(
    '/api/banner',
    {
      config: { publicCache: ['banners'] },
      schema: { tags, summary: '轮播图', response: { 200: envelope(bannerResult) } },
    },
    async () => ok((await content.banners()).map(bannerWire)),
  );
}
