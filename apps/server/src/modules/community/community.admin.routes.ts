import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminBuyLinkCreateRequest,
  adminBuyLinkDeleteResult,
  adminBuyLinkResult,
  adminBuyLinksResult,
  adminBuyLinkUpdateRequest,
  adminCommunityApproveRequest,
  adminCommunityBanRequest,
  adminCommunityBanResult,
  adminCommunityCommentResult,
  adminCommunityCommentsQuery,
  adminCommunityCommentsResult,
  adminCommunityBansQuery,
  adminCommunityBansResult,
  adminCommunityLiftRequest,
  adminCommunityLiftResult,
  adminCommunityPlayerParams,
  adminCommunityPostResult,
  adminCommunityPostsQuery,
  adminCommunityPostsResult,
  adminCommunityReasonRequest,
  adminCommunityReportResult,
  adminCommunityReportsQuery,
  adminCommunityReportsResult,
  adminCommunitySettings,
  adminCommunitySettingsRequest,
  adminIdParams,
  emptyBody,
} from '@koi/contract';
import { operatorOf, requires } from '../../plugins/console';
import { type AuditedRoutes, auditedRoutesPlugin, listed } from '../../plugins/routes';
import type { CommunityAdmin, PostDecision } from './community.admin';
import { imageParams, sendImage } from './community.routes';
import {
  adminBanWire,
  adminBuyLinkWire,
  adminCommentWire,
  adminPostWire,
  adminReportWire,
} from './community.wire';

/**
 * The console's community routes: review, hiding posts and comments, reports, bans, the review switch, the
 * /buy list and the images of any post.
 */
function communityAdminApi(
  { read, write, audit }: AuditedRoutes,
  { admin }: { admin: CommunityAdmin },
  app: FastifyInstance,
) {
  read.get(
    '/api/admin/community/posts',
    {
      summary: '动态列表（pending 为待审核队列）',
      querystring: adminCommunityPostsQuery,
      result: adminCommunityPostsResult,
    },
    async (request) => {
      const { status, player_id, page, size } = request.query;
      const result = await admin.posts({ status, playerId: player_id }, { page, size });
      return listed(result, (p) => adminPostWire(p, result));
    },
  );

  /** Answers a post as the console lists it, after a decision. */
  const decided = async (id: number) => {
    const ctx = await admin.postContext(id);
    return adminPostWire(ctx.post, ctx);
  };

  // One route per review decision (community.admin.ts, POST_DECISIONS says what each does to a post).
  const decisions: Record<PostDecision, { summary: string; body: z.ZodType<{ reason?: string }> }> = {
    approve: { summary: '审核通过', body: adminCommunityApproveRequest },
    reject: { summary: '驳回（理由会显示给作者）', body: adminCommunityReasonRequest },
    hide: { summary: '下架动态（并处理其举报；理由会显示给作者）', body: adminCommunityReasonRequest },
    restore: { summary: '恢复已下架的动态', body: adminCommunityReasonRequest },
  };
  for (const verb of Object.keys(decisions) as PostDecision[]) {
    write.post(
      `/api/admin/community/posts/:id/${verb}`,
      { ...decisions[verb], params: adminIdParams, result: adminCommunityPostResult },
      async (request) => {
        const id = request.params.id;
        const reason = request.body.reason ?? '';
        const logged = audit.writer(
          request,
          `community.post_${verb}`,
          { type: 'community_post', id },
          reason,
        );
        await admin.decide(verb, id, operatorOf(request).operatorId, reason, logged);
        return decided(id);
      },
    );
  }

  read.get(
    '/api/admin/community/posts/:id/comments',
    {
      summary: '动态的评论（含已隐藏的，最早的在前）',
      params: adminIdParams,
      querystring: adminCommunityCommentsQuery,
      result: adminCommunityCommentsResult,
    },
    async (request) => {
      const result = await admin.comments(request.params.id, request.query);
      return listed(result, (c) => adminCommentWire(c, result.names));
    },
  );

  for (const [verb, summary] of [
    ['hide', '隐藏评论（其他玩家不再看到，作者可见并看到理由）'],
    ['restore', '恢复已隐藏的评论'],
  ] as const) {
    write.post(
      `/api/admin/community/comments/:id/${verb}`,
      {
        summary,
        params: adminIdParams,
        body: adminCommunityReasonRequest,
        result: adminCommunityCommentResult,
      },
      async (request) => {
        const { params, body } = request;
        const target = { type: 'community_comment', id: params.id };
        const logged = audit.writer(request, `community.comment_${verb}`, target, body.reason);
        const operatorId = operatorOf(request).operatorId;
        const hidden = verb === 'hide';
        const { row, names } = await admin.setCommentHidden(
          params.id,
          hidden,
          operatorId,
          body.reason,
          logged,
        );
        return adminCommentWire(row, names);
      },
    );
  }

  // The console's own way to a post's images, any post's whatever its state; the guard checks the community
  // permission from the bearer token, so the console fetches them (an <img> cannot send the token).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/community/images/:name',
    {
      schema: { hide: true, params: imageParams },
      config: requires('community', 'read'),
    },
    async (request, reply) => sendImage(request, reply, await admin.image(request.params.name)),
  );

  read.get(
    '/api/admin/community/reports',
    { summary: '举报列表', querystring: adminCommunityReportsQuery, result: adminCommunityReportsResult },
    async (request) => {
      const { status, page, size } = request.query;
      const result = await admin.reports(status, { page, size });
      return listed(result, (r) => adminReportWire(r, result.names));
    },
  );

  write.post(
    '/api/admin/community/reports/:id/dismiss',
    {
      summary: '忽略举报（动态保持不变）',
      params: adminIdParams,
      body: emptyBody,
      result: adminCommunityReportResult,
    },
    async (request) => {
      const id = request.params.id;
      const logged = audit.writer(request, 'community.report_dismiss', { type: 'community_report', id });
      const row = await admin.dismissReport(id, operatorOf(request).operatorId, logged);
      return adminReportWire(row, row.names);
    },
  );

  read.get(
    '/api/admin/community/bans',
    { summary: '社区禁言名单', querystring: adminCommunityBansQuery, result: adminCommunityBansResult },
    async (request) => {
      const result = await admin.bans(request.query);
      return listed(result, (b) => adminBanWire(b, result.names));
    },
  );

  write.post(
    '/api/admin/community/bans',
    { summary: '禁止玩家发帖与评论', body: adminCommunityBanRequest, result: adminCommunityBanResult },
    async (request) => {
      const { player_id, username, reason } = request.body;
      const playerId = await admin.resolvePlayer({ playerId: player_id, username });
      const logged = audit.writer(request, 'community.ban', { type: 'player', id: playerId }, reason);
      const { row, names } = await admin.ban(playerId, operatorOf(request).operatorId, reason, logged);
      return adminBanWire(row, names);
    },
  );

  write.post(
    '/api/admin/community/bans/:player_id/lift',
    {
      summary: '解除禁言',
      params: adminCommunityPlayerParams,
      body: adminCommunityLiftRequest,
      result: adminCommunityLiftResult,
    },
    async (request) => {
      const playerId = request.params.player_id;
      const logged = audit.writer(
        request,
        'community.unban',
        { type: 'player', id: playerId },
        request.body.reason,
      );
      return admin.lift(playerId, logged);
    },
  );

  /** The community settings as the console shows them, read or just changed. */
  const settingsWire = (s: { reviewRequired: boolean; updatedAt: Date | null }) => ({
    review_required: s.reviewRequired,
    updated_at: s.updatedAt ? s.updatedAt.toISOString() : null,
  });

  read.get(
    '/api/admin/community/settings',
    { summary: '社区设置', result: adminCommunitySettings },
    async () => settingsWire(await admin.settings()),
  );

  write.post(
    '/api/admin/community/settings',
    {
      summary: '修改社区设置（发帖是否需审核）',
      body: adminCommunitySettingsRequest,
      result: adminCommunitySettings,
    },
    async (request) => {
      const logged = audit.writer(request, 'community.settings', { type: 'community_settings', id: 1 });
      return settingsWire(await admin.setSettings(request.body.review_required, logged));
    },
  );

  read.get('/api/admin/buy-links', { summary: '购买渠道（含停用）', result: adminBuyLinksResult }, async () =>
    (await admin.buyLinks()).map(adminBuyLinkWire),
  );

  write.post(
    '/api/admin/buy-links',
    {
      summary: '新增购买渠道（链接须为 https）',
      body: adminBuyLinkCreateRequest,
      result: adminBuyLinkResult,
    },
    async (request) => {
      const logged = audit.writer(request, 'community.buy_link_create', { type: 'buy_link', id: 'new' });
      return adminBuyLinkWire(await admin.createBuyLink(request.body, logged));
    },
  );

  write.post(
    '/api/admin/buy-links/:id',
    {
      summary: '修改购买渠道',
      params: adminIdParams,
      body: adminBuyLinkUpdateRequest,
      result: adminBuyLinkResult,
    },
    async (request) => {
      const id = request.params.id;
      const logged = audit.writer(request, 'community.buy_link_update', { type: 'buy_link', id });
      return adminBuyLinkWire(await admin.updateBuyLink(id, request.body, logged));
    },
  );

  write.post(
    '/api/admin/buy-links/:id/delete',
    { summary: '删除购买渠道', params: adminIdParams, body: emptyBody, result: adminBuyLinkDeleteResult },
    async (request) => {
      const id = request.params.id;
      return admin.deleteBuyLink(
        id,
        audit.writer(request, 'community.buy_link_delete', { type: 'buy_link', id }),
      );
    },
  );
}

export const communityAdminRoutes = auditedRoutesPlugin(['后台：社区'], 'community', communityAdminApi);
