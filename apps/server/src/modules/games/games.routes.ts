import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyBody, envelope } from '@koi/contract';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';

export async function gamesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Recalls balances held at transfer-wallet providers. No provider holds player funds yet (the games issue
  // adds them), so there is nothing to recall and the call succeeds; the client then reloads user info.
  r.post(
    '/api/plat/refresh',
    {
      schema: {
        tags: ['游戏'],
        summary: '回收第三方钱包余额',
        body: emptyBody,
        response: { 200: envelope(z.boolean()) },
      },
      preHandler: app.requireAuth,
    },
    async () => ok(true),
  );
}
