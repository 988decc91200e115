import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelOrderParams,
  channelOrderResult,
  channelRechargeRequest,
  emptyBody,
  payChannelsResult,
} from '@koi/contract';
import type { Config } from '../../config';
import { countryOf } from '../../lib/geo';
import { playerOrigin } from '../../lib/public-origin';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { ChannelsService } from './channels.service';
import { channelOrderWire, payChannelWire } from './channels.wire';

/** The OpenAPI tags of these routes, the channels' plain notification route included. */
const TAGS = ['充值'];

/** The player's side of hosted payment channels, and the endpoint channels post notifications to. */
function channelsApi(
  api: ApiRoutes,
  { channels, config }: { channels: ChannelsService; config: Pick<Config, 'geo' | 'channels'> },
  app: FastifyInstance,
) {
  api.open.post(
    '/api/pay/channel',
    { summary: '支付通道列表（已启用；含限额、手续费、汇率）', body: emptyBody, result: payChannelsResult },
    async () => (await channels.list()).map(payChannelWire),
  );

  api.player.post(
    '/api/plat/iPay/rechargeOrder',
    {
      summary: '支付通道充值下单（返回收银台地址）',
      body: channelRechargeRequest,
      result: channelOrderResult,
    },
    async (request) =>
      channelOrderWire(
        await channels.rechargeOrder(
          sessionOf(request).playerId,
          request.body.channel_id,
          request.body.amount,
          countryOf(request, config.geo),
          playerOrigin(request, config.channels.returnBaseUrl, config.channels.notifyBaseUrl),
        ),
      ),
  );

  api.player.get(
    '/api/plat/iPay/order/:order_id',
    {
      summary: '支付通道订单状态（从收银台返回后的结果页）',
      params: channelOrderParams,
      result: channelOrderResult,
    },
    async (request) =>
      channelOrderWire(await channels.order(sessionOf(request).playerId, request.params.order_id)),
  );

  // The channel's asynchronous notification. Its answer is the channel's protocol, not our envelope: the
  // text `success` (HTTP 200) stops the channel from sending it again; anything else makes it retry.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/pay/notify/:code',
    {
      schema: {
        tags: TAGS,
        summary: '支付通道异步通知（通道调用；验签、核对金额币种订单、查单确认后入账一次）',
        params: z.strictObject({ code: z.string().regex(/^[a-z0-9_-]{1,32}$/) }),
      },
    },
    async (request, reply) => {
      const result = await channels.notify(request.params.code, request.body);
      request.log.info(
        { channel: request.params.code, outcome: result.outcome, detail: result.detail },
        'channel notification',
      );
      return reply
        .status(result.ack ? 200 : 400)
        .type('text/plain; charset=utf-8')
        .send(result.answer);
    },
  );
}

export const channelsRoutes = routesPlugin(TAGS, channelsApi);
