import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBannerCreateRequest,
  adminBannerDeleteResult,
  adminBannerResult,
  adminBannersResult,
  adminBannerUpdateRequest,
  adminConfigItemParams,
  adminConfigItemRequest,
  adminConfigItemResult,
  adminConfigItemsResult,
  adminIdParams,
  adminUploadResult,
  emptyBody,
  UPLOAD_MAX_BYTES,
} from '@koi/contract';
import { AppError } from '../../errors';
import { type AuditedRoutes, auditedRoutesPlugin } from '../../plugins/routes';
import { TYPE_OF_EXTENSION, type ContentAdmin } from './content.admin';
import { adminBannerWire as bannerWire, adminConfigItemWire as configWire } from './content.wire';

/** The console's content routes (config items, banners, uploads) and the public route serving uploads. */
function contentAdminApi(
  { read, write, audit }: AuditedRoutes,
  { admin }: { admin: ContentAdmin },
  app: FastifyInstance,
) {
  read.get('/api/admin/config-items', { summary: '配置项 1-9', result: adminConfigItemsResult }, async () =>
    (await admin.configItems()).map(configWire),
  );

  write.post(
    '/api/admin/config-items/:id',
    {
      summary: '修改配置项（立即对玩家生效）',
      params: adminConfigItemParams,
      body: adminConfigItemRequest,
      result: adminConfigItemResult,
    },
    async (request) => {
      const id = request.params.id;
      const logged = audit.writer(request, 'config.update', { type: 'config_item', id });
      return configWire(await admin.setConfigItem(id, request.body.content, logged));
    },
  );

  read.get('/api/admin/banners', { summary: '轮播图（含停用）', result: adminBannersResult }, async () =>
    (await admin.banners()).map(bannerWire),
  );

  write.post(
    '/api/admin/banners',
    { summary: '新建轮播图', body: adminBannerCreateRequest, result: adminBannerResult },
    async (request) => {
      const { image, title, link, activity_type, sort, enabled } = request.body;
      const logged = audit.writer(request, 'banner.create', { type: 'banner', id: 'new' });
      const fields = { image, title, link, activityType: activity_type ?? null, sort, enabled };
      return bannerWire(await admin.createBanner(fields, logged));
    },
  );

  write.post(
    '/api/admin/banners/:id',
    {
      summary: '修改轮播图',
      params: adminIdParams,
      body: adminBannerUpdateRequest,
      result: adminBannerResult,
    },
    async (request) => {
      const { image, title, link, activity_type, sort, enabled } = request.body;
      const id = request.params.id;
      const logged = audit.writer(request, 'banner.update', { type: 'banner', id });
      // An empty activity type clears it; an absent one leaves it as it is.
      const activityType = activity_type === undefined ? undefined : activity_type || null;
      return bannerWire(
        await admin.updateBanner(id, { image, title, link, activityType, sort, enabled }, logged),
      );
    },
  );

  write.post(
    '/api/admin/banners/:id/delete',
    { summary: '删除轮播图', params: adminIdParams, body: emptyBody, result: adminBannerDeleteResult },
    async (request) => {
      const id = request.params.id;
      return admin.deleteBanner(id, audit.writer(request, 'banner.delete', { type: 'banner', id }));
    },
  );

  write.post(
    '/api/admin/uploads',
    {
      summary: '上传图片（PNG/JPEG/WebP/GIF，按文件头校验，最大 2MB）',
      consumes: ['multipart/form-data'],
      result: adminUploadResult,
      // The app's multipart parser refuses files everywhere else; this route takes exactly one image.
      config: { multipartOptions: { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 5 } } },
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const file = (request.body as { file?: unknown } | undefined)?.file;
      if (!Buffer.isBuffer(file))
        throw new AppError('BAD_REQUEST', {
          detail: { zh: 'file 须为上传的图片文件', en: 'file must be an uploaded image' },
        });
      const stored = await admin.storeUpload(file);
      await audit.record(request, {
        action: 'upload.create',
        target: { type: 'upload', id: stored.name },
        after: { type: stored.type, bytes: stored.bytes },
      });
      return { url: stored.url, type: stored.type, bytes: stored.bytes };
    },
  );

  // Public: players' browsers load banner images from here.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/uploads/:name',
      { schema: { hide: true, params: z.strictObject({ name: z.string().max(80) }) } },
      async (request, reply) => {
        const data = await admin.readUpload(request.params.name);
        if (!data) throw new AppError('NOT_FOUND', { url: request.url.slice(0, 200) });
        const ext = request.params.name.split('.').pop()!;
        return reply
          .type(TYPE_OF_EXTENSION[ext]!)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'")
          .send(data);
      },
    );
}

export const contentAdminRoutes = auditedRoutesPlugin(['后台：内容'], 'content', contentAdminApi);
