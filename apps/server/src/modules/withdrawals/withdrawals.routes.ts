import { z } from 'zod';
import {
  addressListResult,
  addressTypesResult,
  bindAddressRequest,
  deleteAddressRequest,
  emptyBody,
  setWithdrawPasswordRequest,
  updateWithdrawPasswordRequest,
  withdrawAddress,
  withdrawApplyRequest,
  withdrawApplyResult,
  withdrawInfoResult,
} from '@koi/contract';
import type { WithdrawalsConfig } from '../../config';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { WithdrawalsService } from './withdrawals.service';
import { addressWire, withdrawalWire, withdrawInfoWire } from './withdrawals.wire';

/** The player's side: addresses, the withdrawal password, applying (spec §7). */
function withdrawalsApi(
  api: ApiRoutes,
  { service, config }: { service: WithdrawalsService; config: WithdrawalsConfig },
) {
  api.player.post(
    '/api/plat/address-list',
    { summary: '提现地址列表', body: emptyBody, result: addressListResult },
    async (request) => (await service.listAddresses(sessionOf(request).playerId)).map(addressWire),
  );

  api.player.post(
    '/api/plat/address-types',
    {
      summary: '可绑定的提现地址类型（仅运营开启的方式，含显示名称）',
      body: emptyBody,
      result: addressTypesResult,
    },
    async () =>
      (await service.payoutMethods())
        .filter((m) => m.enabled)
        .map((m) => ({ type: String(m.type) as '1' | '2' | '3', name: m.name })),
  );

  api.player.post(
    '/api/plat/bind-address',
    {
      summary: '添加提现地址',
      description:
        '需已设置提现密码。TRC20 地址与用过的地址首尾各4位相同时返回 5008 及 error.details {address, similar_to}，确认后带 confirm_similar=1 重新提交。',
      body: bindAddressRequest,
      result: withdrawAddress,
    },
    async (request) => {
      const b = request.body;
      const row = await service.bindAddress(
        sessionOf(request).playerId,
        { type: b.type, address: b.address, area: b.area, confirmSimilar: b.confirm_similar },
        request.ip,
      );
      return addressWire(row);
    },
  );

  api.player.post(
    '/api/plat/del-address',
    { summary: '删除提现地址', body: deleteAddressRequest, result: z.boolean() },
    async (request) =>
      service.deleteAddress(
        sessionOf(request).playerId,
        request.body.address_id,
        request.body.address,
        request.ip,
      ),
  );

  api.player.post(
    '/api/plat/set-password',
    { summary: '设置提现密码', body: setWithdrawPasswordRequest, result: z.boolean() },
    async (request) => service.setPassword(sessionOf(request).playerId, request.body.password),
  );

  api.player.post(
    '/api/plat/update-password',
    { summary: '修改提现密码', body: updateWithdrawPasswordRequest, result: z.boolean() },
    async (request) =>
      service.updatePassword(
        sessionOf(request).playerId,
        request.body.old_password,
        request.body.new_password,
      ),
  );

  api.player.post(
    '/api/plat/withdraw-info',
    { summary: '提现须知：限额、手续费、剩余流水、可用余额', body: emptyBody, result: withdrawInfoResult },
    async (request) => withdrawInfoWire(await service.info(sessionOf(request).playerId), config),
  );

  api.player.post(
    '/api/plat/withdraw-apply',
    {
      summary: '申请提现',
      description:
        '金额与手续费立即冻结（记录状态 2），审核通过后出款；同一 request_id 重试返回同一笔提现。申请后不可取消。',
      body: withdrawApplyRequest,
      result: withdrawApplyResult,
    },
    async (request) => {
      const b = request.body;
      const row = await service.apply(sessionOf(request).playerId, {
        amount: b.amount,
        addressId: b.address_id,
        password: b.password,
        requestId: b.request_id,
      });
      return withdrawalWire(row);
    },
  );
}

export const withdrawalsRoutes = routesPlugin(['提现'], withdrawalsApi);
