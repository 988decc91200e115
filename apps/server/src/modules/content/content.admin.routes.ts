import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  envelope,
  UPLOAD_MAX_BYTES,
} from '@koi/contract';
import { AppError } from '../../errors';
import { ok } from '../../plugins/envelope';
import { actorOf, requires, type AuditPort } from '../operators';
import type { AuditAction } from '@koi/contract';
import { TYPE_OF_EXTENSION, type ContentAdmin } from './content.admin';
import { adminBannerWire as bannerWire, adminConfigItemWire as configWire } from './content.wire';

/** The console's content routes (config items, banners, uploads) and the public route serving uploads. */
export async function contentAdminRoutes(
  app: FastifyInstance,
  opts: { admin: ContentAdmin; audit: AuditPort },
) {
  const { admin } = opts;
  const { audit } = opts.audit;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['后台：内容'];
  const security = [{ bearer: [] }];
  const writer = (
    request: FastifyRequest,
    action: AuditAction,
    type: string,
    id: string | number,
    reason = '',
  ) => {
    return audit.writer(actorOf(request), action, { type, id }, reason);
  };

  r.get(
    '/api/admin/config-items',
    {
      config: requires('content', 'read'),
      schema: { tags, security, summary: '配置项 1-9', response: { 200: envelope(adminConfigItemsResult) } },
    },
    async () => ok((await admin.configItems()).map(configWire)),
  );

  r.post(
    '/api/admin/config-items/:id',
    {
      config: requires('content', 'write'),
      schema: {
        tags,
        security,
        summary: '修改配置项（立即对玩家生效）',
        params: adminConfigItemParams,
        body: adminConfigItemRequest,
        response: { 200: envelope(adminConfigItemResult) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const row = await admin.setConfigItem(
        id,
        request.body.content,
        writer(request, 'config.update', 'config_item', id),
      );
      return ok(configWire(row));
    },
  );

  r.get(
    '/api/admin/banners',
    {
      config: requires('content', 'read'),
      schema: {
        tags,
        security,
        summary: '轮播图（含停用）',
        response: { 200: envelope(adminBannersResult) },
      },
    },
    async () => ok((await admin.banners()).map(bannerWire)),
  );

  r.post(
    '/api/admin/banners',
    {
      config: requires('content', 'write'),
      schema: {
        tags,
        security,
        summary: '新建轮播图',
        body: adminBannerCreateRequest,
        response: { 200: envelope(adminBannerResult) },
      },
    },
    async (request) => {
      const b = request.body;
      const row = await admin.createBanner(
        {
          image: b.image,
          title: b.title,
          link: b.link,
          activityType: b.activity_type ?? null,
          sort: b.sort,
          enabled: b.enabled,
        },
        writer(request, 'banner.create', 'banner', 'new'),
      );
      return ok(bannerWire(row));
    },
  );

  r.post(
    '/api/admin/banners/:id',
    {
      config: requires('content', 'write'),
      schema: {
        tags,
        security,
        summary: '修改轮播图',
        params: adminIdParams,
        body: adminBannerUpdateRequest,
        response: { 200: envelope(adminBannerResult) },
      },
    },
    async (request) => {
      const b = request.body;
      const id = request.params.id;
      const row = await admin.updateBanner(
        id,
        {
          image: b.image,
          title: b.title,
          link: b.link,
          activityType: b.activity_type === undefined ? undefined : b.activity_type || null,
          sort: b.sort,
          enabled: b.enabled,
        },
        writer(request, 'banner.update', 'banner', id),
      );
      return ok(bannerWire(row));
    },
  );

  r.post(
    '/api/admin/banners/:id/delete',
    {
      config: requires('content', 'write'),
      schema: {
        tags,
        security,
        summary: '删除轮播图',
        params: adminIdParams,
        body: emptyBody,
        response: { 200: envelope(adminBannerDeleteResult) },
      },
    },
    async (request) => {
      const id = request.params.id;
      return ok(await admin.deleteBanner(id, writer(request, 'banner.delete', 'banner', id)));
    },
  );

  r.post(
    '/api/admin/uploads',
    {
      config: {
        ...requires('content', 'write'),
        // The app's multipart parser refuses files everywhere else; this route takes exactly one image.
        multipartOptions: { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 5 } },
      },
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        security,
        summary: '上传图片（PNG/JPEG/WebP/GIF，按文件头校验，最大 2MB）',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(adminUploadResult) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const file = (request.body as { file?: unknown } | undefined)?.file;
      if (!Buffer.isBuffer(file))
        throw new AppError('BAD_REQUEST', {
          detail: { zh: 'file 须为上传的图片文件', en: 'file must be an uploaded image' },
        });
      const stored = await admin.storeUpload(file);
      await audit.record({
        actor: actorOf(request),
        action: 'upload.create',
        target: { type: 'upload', id: stored.name },
        after: { type: stored.type, bytes: stored.bytes },
      });
      return ok({ url: stored.url, type: stored.type, bytes: stored.bytes });
    },
  );

  // Public: players' browsers load banner images from here.
  r.get(
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
