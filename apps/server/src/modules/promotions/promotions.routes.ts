import type { FastifyRequest } from 'fastify';
import {
  type AuditAction,
  adminHouseholdResult,
  adminIdParams,
  adminPromotionClaimsQuery,
  adminPromotionClaimsResult,
  adminPromotionFlagRequest,
  adminPromotionFlagsResult,
  adminPromotionRequest,
  adminPromotionResult,
  adminPromotionsResult,
  adminPromotionStatusRequest,
  adminPromotionTemplatesResult,
  bonusesResult,
  claimableResult,
  claimAllResult,
  emptyBody,
  luckSeedsResult,
  taskDetailQuery,
  taskDetailResult,
  taskListQuery,
  taskListResult,
  taskReceiveLogRequest,
  taskReceiveLogResult,
  taskReceiveRequest,
  taskReceiveResult,
} from '@koi/contract';
import { z } from 'zod';
import { decimalToMicro, formatPlain } from '@koi/ledger';
import { AppError } from '../../errors';
import { localName } from '../../lib/local-name';
import { pageWindow } from '../../lib/paging';
import { parseTimeQuery } from '../../lib/time-range';
import { bearerToken, sessionOf } from '../../plugins/auth';
import { actorOf } from '../../plugins/console';
import { localeOf } from '../../plugins/locale';
import {
  type ApiRoutes,
  type AuditedRoutes,
  auditedRoutesPlugin,
  listed,
  routesPlugin,
} from '../../plugins/routes';
import type { AuditWrite } from '../audit';
import type { AuthService } from '../auth';
import type { PromotionsService, PromotionFields } from './promotions.service';
import { luckClientSeed } from './promotions.service';
import type { PromotionStatus } from './promotions.schema';
import { audienceSchema, templateJsonSchemas, TYPE_TEMPLATE } from './rules';
import {
  adminClaimWire,
  adminPromotionWire,
  bonusWire,
  claimRowWire,
  promotionDetailWire,
  promotionItemWire,
} from './promotions.wire';

/** The player's promotion calls (spec §7 task calls, /api/plat/bonuses). */
function promotionsApi(
  api: ApiRoutes,
  { promotions, sessions }: { promotions: PromotionsService; sessions: Pick<AuthService, 'authenticate'> },
) {
  /** The signed-in player of an open route, when the request carries a valid token; null for a guest. */
  const playerOf = async (request: FastifyRequest): Promise<number | null> => {
    const token = bearerToken(request);
    if (!token) return null;
    return (await sessions.authenticate(token))?.playerId ?? null;
  };

  api.open.get(
    '/api/plat/task/list',
    {
      summary: '活动列表（进行中；登录后含本人领取状态）',
      querystring: taskListQuery,
      result: taskListResult,
    },
    async (request) => {
      const views = await promotions.list(await playerOf(request));
      const category = request.query.category;
      return views
        .filter((v) => !category || v.promotion.category === category || v.promotion.category === 0)
        .map((v) => promotionItemWire(v, localeOf(request)));
    },
  );

  api.open.get(
    '/api/plat/task/detail',
    {
      summary: '活动详情（按 id 或 activity_type；9、999 来自首页弹窗）',
      querystring: taskDetailQuery,
      result: taskDetailResult,
    },
    async (request) =>
      promotionDetailWire(
        await promotions.detail(await playerOf(request), {
          id: request.query.id,
          activityType: request.query.activity_type,
        }),
        localeOf(request),
      ),
  );

  api.open.get(
    '/api/plat/task/luck',
    { summary: '每日幸运抽奖的种子承诺（今日哈希；往日种子公开可验证）', result: luckSeedsResult },
    async () => ({
      client_seed_pattern: luckClientSeed(0).replace(/0$/, '<player_id>'),
      days: (await promotions.luckSeeds(7)).map((d) => ({
        day: d.day,
        server_seed_hash: d.serverSeedHash,
        server_seed: d.serverSeed,
      })),
    }),
  );

  api.player.post(
    '/api/plat/task/receive',
    { summary: '领取活动奖励', body: taskReceiveRequest, result: taskReceiveResult },
    async (request) => {
      const { claim, grant } = await promotions.claim(sessionOf(request).playerId, request.body.id);
      return {
        claim_id: claim.id,
        promotion_id: claim.promotionId,
        amount: formatPlain(claim.amountMicro),
        bonus_id: grant.id,
        turnover_required: formatPlain(grant.requiredMicro),
        expires_at: grant.expiresAt?.toISOString() ?? null,
      };
    },
  );

  api.player.post(
    '/api/plat/task/receive/log',
    { summary: '我的活动领取记录', body: taskReceiveLogRequest, result: taskReceiveLogResult },
    async (request) =>
      listed(
        await promotions.myClaims(sessionOf(request).playerId, request.body.page, request.body.size),
        (c) => claimRowWire(c, localeOf(request)),
      ),
  );

  api.player.get(
    '/api/task/get/log/receive',
    { summary: '福利中心：当前可领取的全部奖励', result: claimableResult },
    async (request) => {
      const views = await promotions.claimable(sessionOf(request).playerId);
      const total = views.reduce((sum, v) => sum + v.amountMicro, 0n);
      return { total: formatPlain(total), list: views.map((v) => promotionItemWire(v, localeOf(request))) };
    },
  );

  api.player.post(
    '/api/task/get/receive',
    { summary: '福利中心：一键领取', body: emptyBody, result: claimAllResult },
    async (request) => {
      const results = await promotions.claimAll(sessionOf(request).playerId);
      const total = results.reduce((sum, r) => sum + (r.amountMicro ?? 0n), 0n);
      return {
        total: formatPlain(total),
        list: results.map((r) => ({
          promotion_id: r.promotion.id,
          title: localName(r.promotion.title, r.promotion.titleEn, localeOf(request)),
          amount: r.amountMicro === null ? null : formatPlain(r.amountMicro),
          error: r.error ? r.error.userMessage(localeOf(request)) : null,
        })),
      };
    },
  );

  api.player.post(
    '/api/plat/bonuses',
    {
      summary: '我的红利及其流水进度（要求、已完成、百分比、到期；被收回的金额及原因，如超出最高可转出盈利）',
      body: emptyBody,
      result: bonusesResult,
    },
    async (request) => (await promotions.bonuses(sessionOf(request).playerId)).map(bonusWire),
  );
}

export const promotionsRoutes = routesPlugin(['活动与红利'], promotionsApi);

/** The console's promotions area: promotions, their claims and the households of linked accounts. */
function promotionsAdminApi(
  { read, write, audit }: AuditedRoutes,
  { promotions }: { promotions: PromotionsService },
) {
  read.get(
    '/api/admin/promotions',
    { summary: '活动（含草稿与已结束）、预算与支出', result: adminPromotionsResult },
    async () => {
      const [rows, totals] = await Promise.all([promotions.all(), promotions.claimTotals()]);
      return rows.map((p) => adminPromotionWire(p, totals.get(p.id)));
    },
  );

  read.get(
    '/api/admin/promotions/templates',
    { summary: '活动模板的规则结构（JSON Schema），用于生成表单', result: adminPromotionTemplatesResult },
    async () => ({
      templates: templateJsonSchemas(),
      audience: z.toJSONSchema(audienceSchema, { io: 'input' }),
      type_template: Object.fromEntries(Object.entries(TYPE_TEMPLATE).map(([k, v]) => [k, v])),
    }),
  );

  /** A promotion as the console shows it after a change: with what its players have claimed so far. */
  const withClaims = async (row: Parameters<typeof adminPromotionWire>[0]) =>
    adminPromotionWire(row, (await promotions.claimTotals()).get(row.id));

  /**
   * A change to the promotion the route's `:id` names (its fields, its status): written through the audit log as
   * `action` on that promotion, and answered as the console shows it after the change.
   */
  const changed = async (
    request: FastifyRequest<{ Params: { id: number } }>,
    action: AuditAction,
    change: (id: number, audit: AuditWrite) => Promise<Parameters<typeof adminPromotionWire>[0]>,
  ) => {
    const id = request.params.id;
    return withClaims(await change(id, audit.writer(request, action, { type: 'promotion', id })));
  };

  write.post(
    '/api/admin/promotions',
    { summary: '新建活动（草稿）', body: adminPromotionRequest, result: adminPromotionResult },
    async (request) => {
      const fields = fieldsOf(request.body);
      const row = await promotions.create(fields, (id) =>
        audit.writer(request, 'promotion.create', { type: 'promotion', id }),
      );
      return adminPromotionWire(row, undefined);
    },
  );

  write.post(
    '/api/admin/promotions/:id',
    { summary: '修改活动', params: adminIdParams, body: adminPromotionRequest, result: adminPromotionResult },
    async (request) =>
      changed(request, 'promotion.update', (id, logged) =>
        promotions.update(id, fieldsOf(request.body), logged),
      ),
  );

  write.post(
    '/api/admin/promotions/:id/status',
    {
      summary: '开始、暂停、恢复或结束活动',
      params: adminIdParams,
      body: adminPromotionStatusRequest,
      result: adminPromotionResult,
    },
    async (request) =>
      changed(request, 'promotion.status', (id, logged) =>
        promotions.setStatus(id, request.body.status as PromotionStatus, logged),
      ),
  );

  read.get(
    '/api/admin/promotions/claims',
    {
      summary: '领取记录（按活动、玩家、时间筛选）',
      querystring: adminPromotionClaimsQuery,
      result: adminPromotionClaimsResult,
    },
    async (request) => {
      const q = request.query;
      return listed(
        await promotions.claims({
          promotionId: q.promotion_id,
          playerId: q.player_id,
          from: parseTimeQuery(q.from, 'from'),
          to: parseTimeQuery(q.to, 'to'),
          ...pageWindow(q),
        }),
        adminClaimWire,
      );
    },
  );

  read.get(
    '/api/admin/promotions/households/:id',
    { summary: '玩家的关联账户组及关联原因', params: adminIdParams, result: adminHouseholdResult },
    async (request) => {
      const h = await promotions.household(request.params.id);
      return {
        player_id: h.playerId,
        username: h.username,
        members: h.members.map((m) => ({
          player_id: m.playerId,
          username: m.username,
          reason: m.reason,
          value: m.value,
          via: m.via,
        })),
      };
    },
  );

  read.get(
    '/api/admin/promotions/flags',
    { summary: '禁止参加活动的玩家', result: adminPromotionFlagsResult },
    async () =>
      (await promotions.flags()).map((f) => ({
        player_id: f.playerId,
        reason: f.reason,
        operator: f.operator,
        created_at: f.createdAt.toISOString(),
      })),
  );

  write.post(
    '/api/admin/promotions/flags/:id',
    {
      summary: '禁止玩家参加活动（原因会告知玩家）',
      params: adminIdParams,
      body: adminPromotionFlagRequest,
      result: z.literal(true),
    },
    async (request) => {
      const id = request.params.id;
      await promotions.flag(
        id,
        request.body.reason,
        actorOf(request).username,
        audit.writer(request, 'promotion.flag', { type: 'player', id }, request.body.reason),
      );
      return true as const;
    },
  );

  write.post(
    '/api/admin/promotions/flags/:id/clear',
    { summary: '解除活动限制', params: adminIdParams, body: emptyBody, result: z.literal(true) },
    async (request) => {
      const id = request.params.id;
      await promotions.unflag(id, audit.writer(request, 'promotion.unflag', { type: 'player', id }));
      return true as const;
    },
  );
}

export const promotionsAdminRoutes = auditedRoutesPlugin(['后台：活动'], 'promotions', promotionsAdminApi);

/** The console's form as the service's fields: JSON text parsed, times and money read, nothing guessed. */
function fieldsOf(b: z.output<typeof adminPromotionRequest>): PromotionFields {
  const json = (v: unknown, field: string) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return {};
    try {
      return JSON.parse(v) as unknown;
    } catch {
      throw new AppError('PROMOTION_RULES_INVALID', { reason: `${field}: JSON` });
    }
  };
  const startsAt = parseTimeQuery(b.starts_at, 'starts_at')!;
  let budgetMicro: bigint | null = null;
  if (b.budget) {
    budgetMicro = decimalToMicro(b.budget);
    if (budgetMicro === null || budgetMicro <= 0n)
      throw new AppError('PROMOTION_RULES_INVALID', { reason: 'budget' });
  }
  return {
    type: b.type,
    title: b.title,
    titleEn: b.title_en,
    summary: b.summary,
    summaryEn: b.summary_en,
    contentHtml: b.content_html,
    banner: b.banner,
    category: b.category,
    rules: json(b.rules, 'rules'),
    audience: json(b.audience, 'audience'),
    startsAt,
    endsAt: parseTimeQuery(b.ends_at, 'ends_at'),
    budgetMicro,
    perPlayerCap: b.per_player_cap,
    oncePerHousehold: b.once_per_household,
    sort: b.sort,
  };
}
