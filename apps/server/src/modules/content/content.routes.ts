import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bannerResult, bulletinResult, envelope } from '@koi/contract';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { createContentRepository } from './content.repository';

export async function contentRoutes(app: FastifyInstance, opts: { db: Db }) {
  const repo = createContentRepository(opts.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['内容'];

  r.get(
    '/api/plat/bulletin',
    {
      config: { publicCache: ['config_items'] },
      schema: { tags, summary: '公告与配置项（id 1-9）', response: { 200: envelope(bulletinResult) } },
    },
    async () => ok(await repo.listConfigItems()),
  );

  r.get(
    '/api/banner',
    {
      config: { publicCache: ['banners'] },
      schema: { tags, summary: '轮播图', response: { 200: envelope(bannerResult) } },
    },
    async () => ok(await repo.listEnabledBanners()),
  );
}
