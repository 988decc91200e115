import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyLinksResult,
  communityCommentRequest,
  communityCommentResult,
  communityCommentsQuery,
  communityCommentsResult,
  communityCreateFields,
  communityFeedQuery,
  communityFeedResult,
  communityLikeRequest,
  communityLikeResult,
  communityMeResult,
  communityMyPostsQuery,
  communityMyPostsResult,
  communityNotificationsQuery,
  communityNotificationsResult,
  communityPostParams,
  communityPostResult,
  communityReadResult,
  communityReportRequest,
  communityReportResult,
  emptyBody,
  POST_IMAGE_MAX_BYTES,
  POST_MAX_CHARS,
  POST_MAX_IMAGES,
} from '@koi/contract';
import { AppError } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, listed, routesPlugin } from '../../plugins/routes';
import type { CommunityService } from './community.service';
import { buyLinkWire, commentWire, notificationWire, postWire } from './community.wire';

/** Files a post request may carry before the count is refused with a clear message instead of a parser error. */
const FILES_PARSED = 10;

/** The `images` of a multipart body: none, one file (a Buffer) or several (an array of them). */
function imagesOf(value: unknown): Buffer[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => Buffer.isBuffer(v))) {
    throw new AppError('BAD_REQUEST', {
      detail: { zh: 'images 须为上传的图片文件', en: 'images must be uploaded files' },
    });
  }
  return list as Buffer[];
}

export const imageParams = z.strictObject({ name: z.string().max(80) });

/**
 * Answers a post image the requester may see, or 404 exactly as for a name nothing carries, so a hidden,
 * rejected or pending post's image cannot even be told apart from no image.
 *
 * Caching. A post can be hidden at any time, so its images must stop being served when it is: no shared cache
 * (a CDN, a proxy) may keep them (`private`, and they vary by the token that asked), and a browser keeps one
 * for a minute only, after which it asks again with the ETag; the answer to that is a 304 without the bytes
 * when the post is still visible, a 404 once it is not. A long public `immutable` cache would let anyone who
 * once had the address keep reading a picture an operator took down.
 *
 * The bytes are a re-encoded WebP; the headers keep any browser from reading them as anything else
 * (nosniff, a sandboxing policy that allows no script or subresource, inline disposition).
 */
export function sendImage(
  request: FastifyRequest<{ Params: { name: string } }>,
  reply: FastifyReply,
  data: Buffer | null,
) {
  if (!data) throw new AppError('NOT_FOUND', { url: request.url.slice(0, 200) });
  const etag = `"${request.params.name.slice(0, 64)}"`;
  reply
    .header('cache-control', 'private, max-age=60')
    .header('vary', 'authorization')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply
    .type('image/webp')
    .header('content-disposition', 'inline')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(data);
}

function communityApi(api: ApiRoutes, { service }: { service: CommunityService }, app: FastifyInstance) {
  api.player.get(
    '/api/community/me',
    { summary: '我的社区状态（是否禁言、是否审核）', result: communityMeResult },
    async (request) => {
      const me = await service.me(sessionOf(request).playerId);
      return {
        banned: me.banned,
        review_required: me.reviewRequired,
        max_chars: POST_MAX_CHARS,
        max_images: POST_MAX_IMAGES,
        image_max_bytes: POST_IMAGE_MAX_BYTES,
      };
    },
  );

  api.player.get(
    '/api/community/posts',
    {
      summary: '社区动态（已审核，最新或热门）',
      querystring: communityFeedQuery,
      result: communityFeedResult,
    },
    async (request) => {
      const viewer = sessionOf(request).playerId;
      const { tab, page, size } = request.query;
      const result = await service.feed(viewer, tab, { page, size });
      return listed(result, (p) => postWire(p, result.names, viewer));
    },
  );

  api.player.post(
    '/api/community/posts',
    {
      summary: '发布动态（文字≤500字，最多3张图片；审核通过后他人可见）',
      description:
        'multipart/form-data：content 文字，images 图片文件（可多个，最多3张，每张≤8MB；按文件内容识别 JPEG/PNG/WebP/GIF，重新编码并去除元数据）。仅文字时也可用表单或 JSON。',
      consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
      result: communityPostResult,
      config: {
        multipartOptions: {
          limits: { files: FILES_PARSED, fileSize: POST_IMAGE_MAX_BYTES, fields: 5, parts: FILES_PARSED + 5 },
        },
      },
      bodyLimit: POST_MAX_IMAGES * POST_IMAGE_MAX_BYTES + 1024 * 1024,
    },
    async (request) => {
      const playerId = sessionOf(request).playerId;
      const body = (request.body ?? {}) as { content?: unknown; images?: unknown };
      const fields = communityCreateFields.safeParse({ content: body.content });
      if (!fields.success) {
        throw new AppError('BAD_REQUEST', { detail: { zh: 'content 须为文字', en: 'content must be text' } });
      }
      const created = await service.create(playerId, {
        content: fields.data.content,
        images: imagesOf(body.images),
      });
      return postWire(created.post, created.names, playerId);
    },
  );

  api.player.get(
    '/api/community/my-posts',
    { summary: '我的动态（含审核状态）', querystring: communityMyPostsQuery, result: communityMyPostsResult },
    async (request) => {
      const playerId = sessionOf(request).playerId;
      const result = await service.myPosts(playerId, request.query);
      return listed(result, (p) => postWire(p, result.names, playerId));
    },
  );

  api.player.get(
    '/api/community/posts/:id',
    { summary: '动态详情', params: communityPostParams, result: communityPostResult },
    async (request) => {
      const viewer = sessionOf(request).playerId;
      const { post, names } = await service.post(request.params.id, viewer);
      return postWire(post, names, viewer);
    },
  );

  api.player.post(
    '/api/community/posts/:id/like',
    {
      summary: '点赞（liked=1）或取消（liked=0）；重复请求结果相同',
      params: communityPostParams,
      body: communityLikeRequest,
      result: communityLikeResult,
    },
    async (request) => {
      const result = await service.like(sessionOf(request).playerId, request.params.id, request.body.liked);
      return { liked: result.liked, like_count: result.likeCount };
    },
  );

  api.player.get(
    '/api/community/posts/:id/comments',
    {
      summary: '评论与回复（最早的在前）',
      params: communityPostParams,
      querystring: communityCommentsQuery,
      result: communityCommentsResult,
    },
    async (request) => {
      const viewer = sessionOf(request).playerId;
      const result = await service.comments(request.params.id, viewer, request.query);
      return listed(result, (c) => commentWire(c, result.names, viewer));
    },
  );

  api.player.post(
    '/api/community/posts/:id/comments',
    {
      summary: '评论或回复（≤200字）',
      params: communityPostParams,
      body: communityCommentRequest,
      result: communityCommentResult,
    },
    async (request) => {
      const playerId = sessionOf(request).playerId;
      const { content, parent_id } = request.body;
      const { comment, names } = await service.comment(playerId, request.params.id, {
        content,
        parentId: parent_id,
      });
      return commentWire(comment, names, playerId);
    },
  );

  api.player.post(
    '/api/community/posts/:id/report',
    {
      summary: '举报动态',
      params: communityPostParams,
      body: communityReportRequest,
      result: communityReportResult,
    },
    async (request) => service.report(sessionOf(request).playerId, request.params.id, request.body.reason),
  );

  api.player.get(
    '/api/community/notifications',
    {
      summary: '互动消息（点赞、评论、回复）',
      querystring: communityNotificationsQuery,
      result: communityNotificationsResult,
    },
    async (request) => {
      const result = await service.notifications(sessionOf(request).playerId, request.query);
      return { ...listed(result, (n) => notificationWire(n, result.names)), unread: result.unread };
    },
  );

  api.player.post(
    '/api/community/notifications/read',
    { summary: '互动消息全部已读', body: emptyBody, result: communityReadResult },
    async (request) => service.markRead(sessionOf(request).playerId),
  );

  api.open.get(
    '/api/buy/links',
    { summary: '购买 USDT 的渠道（运营方配置；本平台不出售）', result: buyLinksResult },
    async () => (await service.buyLinks()).map(buyLinkWire),
  );

  // Signed-in players only, and only an image of a post the player may see (service.image): the app fetches
  // it with its bearer token, as an <img> cannot send one.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/community/images/:name',
      { schema: { hide: true, params: imageParams }, preHandler: app.requireAuth },
      async (request, reply) =>
        sendImage(request, reply, await service.image(request.params.name, sessionOf(request).playerId)),
    );
}

export const communityRoutes = routesPlugin(['社区'], communityApi);
