import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressListResult,
  bindAddressRequest,
  deleteAddressRequest,
  emptyBody,
  envelope,
  setWithdrawPasswordRequest,
  updateWithdrawPasswordRequest,
  withdrawAddress,
  withdrawApplyRequest,
  withdrawApplyResult,
  withdrawInfoResult,
} from '@koi/contract';
import type { WithdrawalsConfig } from '../../config';
import { ok } from '../../plugins/envelope';
import { sessionOf } from '../../plugins/auth';
import type { WithdrawalsService } from './withdrawals.service';
import { addressWire, withdrawalWire, withdrawInfoWire } from './withdrawals.wire';

/** The player's side: addresses, the withdrawal password, applying (spec §7). */
export async function withdrawalsRoutes(
  app: FastifyInstance,
  opts: { service: WithdrawalsService; config: WithdrawalsConfig },
) {
  const { service, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['提现'];
  const signedIn = { preHandler: app.requireAuth };

  r.post(
    '/api/plat/address-list',
    {
      schema: {
        tags,
        summary: '提现地址列表',
        body: emptyBody,
        response: { 200: envelope(addressListResult) },
      },
      ...signedIn,
    },
    async (request) => ok((await service.listAddresses(sessionOf(request).playerId)).map(addressWire)),
  );

  r.post(
    '/api/plat/bind-address',
    {
      schema: {
        tags,
        summary: '添加提现地址',
        description:
          '需已设置提现密码。TRC20 地址与用过的地址首尾各4位相同时返回 5008 及 error.details {address, similar_to}，确认后带 confirm_similar=1 重新提交。',
        body: bindAddressRequest,
        response: { 200: envelope(withdrawAddress) },
      },
      ...signedIn,
    },
    async (request) => {
      const b = request.body;
      const row = await service.bindAddress(
        sessionOf(request).playerId,
        { type: b.type, address: b.address, area: b.area, confirmSimilar: b.confirm_similar },
        request.ip,
      );
      return ok(addressWire(row));
    },
  );

  r.post(
    '/api/plat/del-address',
    {
      schema: {
        tags,
        summary: '删除提现地址',
        body: deleteAddressRequest,
        response: { 200: envelope(z.boolean()) },
      },
      ...signedIn,
    },
    async (request) =>
      ok(
        await service.deleteAddress(
          sessionOf(request).playerId,
          request.body.address_id,
          request.body.address,
          request.ip,
        ),
      ),
  );

  r.post(
    '/api/plat/set-password',
    {
      schema: {
        tags,
        summary: '设置提现密码',
        body: setWithdrawPasswordRequest,
        response: { 200: envelope(z.boolean()) },
      },
      ...signedIn,
    },
    async (request) => ok(await service.setPassword(sessionOf(request).playerId, request.body.password)),
  );

  r.post(
    '/api/plat/update-password',
    {
      schema: {
        tags,
        summary: '修改提现密码',
        body: updateWithdrawPasswordRequest,
        response: { 200: envelope(z.boolean()) },
      },
      ...signedIn,
    },
    async (request) =>
      ok(
        await service.updatePassword(
          sessionOf(request).playerId,
          request.body.old_password,
          request.body.new_password,
        ),
      ),
  );

  r.post(
    '/api/plat/withdraw-info',
    {
      schema: {
        tags,
        summary: '提现须知：限额、手续费、剩余流水、可用余额',
        body: emptyBody,
        response: { 200: envelope(withdrawInfoResult) },
      },
      ...signedIn,
    },
    async (request) => ok(withdrawInfoWire(await service.info(sessionOf(request).playerId), config)),
  );

  r.post(
    '/api/plat/withdraw-apply',
    {
      schema: {
        tags,
        summary: '申请提现',
        description:
          '金额与手续费立即冻结（记录状态 2），审核通过后出款；同一 request_id 重试返回同一笔提现。申请后不可取消。',
        body: withdrawApplyRequest,
        response: { 200: envelope(withdrawApplyResult) },
      },
      ...signedIn,
    },
    async (request) => {
      const b = request.body;
      const row = await service.apply(sessionOf(request).playerId, {
        amount: b.amount,
        addressId: b.address_id,
        password: b.password,
        requestId: b.request_id,
      });
      return ok(withdrawalWire(row));
    },
  );
}
