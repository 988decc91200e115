import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  balanceRequest,
  betRequest,
  checkSignature,
  rollbackRequest,
  userInfoRequest,
  WalletStatus,
  winRequest,
} from '@koi/provider-protocol';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { ProviderIdentity, SeamlessWallet } from './seamless.service';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
    provider?: ProviderIdentity;
  }
}

export interface ProviderDirectory {
  /** The provider with this code and the secret it signs with, or null when unknown or not seamless. */
  find(code: string): Promise<{ identity: ProviderIdentity; secret: string } | null>;
}

const params = z.object({ provider: z.string().regex(/^[a-z0-9]{1,20}$/) });

/**
 * The seamless wallet API that providers call (Hub88-shaped). It answers in the providers' protocol, not
 * in the player envelope: always a JSON object with a `status`; HTTP 200 unless the request was not even
 * addressed to a known provider.
 */
export async function providersRoutes(
  app: FastifyInstance,
  opts: { wallet: SeamlessWallet; directory: ProviderDirectory; clock: Clock },
) {
  const { wallet, directory, clock } = opts;

  // The signature covers the exact bytes sent, so keep them: parse JSON ourselves in this scope only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(200)
        .send({ status: WalletStatus.WRONG_TYPES, message: error.message.slice(0, 200) });
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ status: WalletStatus.WRONG_TYPES });
    }
    request.log.error({ err: error }, 'provider wallet call failed');
    return reply.status(500).send({ status: WalletStatus.UNKNOWN });
  });

  app.addHook('preValidation', async (request: FastifyRequest<{ Params: { provider: string } }>, reply) => {
    const code = typeof request.params.provider === 'string' ? request.params.provider : '';
    const found = await directory.find(code);
    if (!found) return reply.status(404).send({ status: WalletStatus.UNKNOWN, message: 'unknown provider' });
    const check = checkSignature(
      found.secret,
      request.headers,
      { method: request.method, path: request.url, rawBody: request.rawBody ?? '' },
      clock.now().getTime(),
    );
    if (check !== 'ok') {
      request.log.warn({ provider: code, check }, 'provider signature refused');
      return reply.status(200).send({ status: WalletStatus.INVALID_SIGNATURE });
    }
    if (request.body === undefined) return reply.status(200).send({ status: WalletStatus.WRONG_TYPES });
    request.provider = found.identity;
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['厂商钱包（无缝）'];
  // No compression hooks: a wallet answer is a few hundred bytes, under the 1 KB the compression plugin would
  // ever compress, and providers send plain JSON (the signature covers the bytes as sent). Without this the
  // plugin still ran its request and send hooks on every call: 7 % of Koi's CPU on the wallet path in a
  // --cpu-prof of bench:games, for answers it always left as they were.
  const plain = { compress: false, decompress: false } as const;
  const provider = (request: FastifyRequest) => request.provider!;

  r.post(
    '/api/providers/:provider/user/info',
    { ...plain, schema: { tags, summary: '玩家信息', params, body: userInfoRequest } },
    async (request) => wallet.userInfo(provider(request), request.body.token),
  );
  r.post(
    '/api/providers/:provider/user/balance',
    { ...plain, schema: { tags, summary: '余额', params, body: balanceRequest } },
    async (request) =>
      wallet.balance(provider(request), request.body.request_uuid, request.body.token, request.body.user),
  );
  r.post(
    '/api/providers/:provider/transaction/bet',
    { ...plain, schema: { tags, summary: '下注（扣款）', params, body: betRequest } },
    async (request) => wallet.bet(provider(request), request.body),
  );
  r.post(
    '/api/providers/:provider/transaction/win',
    { ...plain, schema: { tags, summary: '派彩（加款）', params, body: winRequest } },
    async (request) => wallet.win(provider(request), request.body),
  );
  r.post(
    '/api/providers/:provider/transaction/rollback',
    { ...plain, schema: { tags, summary: '回滚注单', params, body: rollbackRequest } },
    async (request) => wallet.rollback(provider(request), request.body),
  );
}
