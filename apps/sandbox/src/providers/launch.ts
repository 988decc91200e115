import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { launchRequest, WalletStatus } from '@koi/provider-protocol';
import type { SandboxConfig } from '../config';
import { publicUrl, sendMissingPage, sendPage } from '../http/server';
import { gameKindOf } from './games';
import { createKoiClient, NO_FAULTS } from './koi-client';
import { playPage } from './page';
import { providerOfGame, signedByKoi } from './signing';
import { SESSIONS_MAX, type ProvidersState } from './state';

/** Koi opens a game session (server to server, signed); the player's browser then plays at the launch URL. */
export function launchRoutes(app: FastifyInstance, config: SandboxConfig, state: ProvidersState): void {
  const { sessions, wallets, walletKey } = state;

  app.post('/api/launch', async (request, reply) => {
    const parsed = launchRequest.safeParse(request.body);
    // Koi signs a launch with the secret of the provider whose game it opens.
    const named = parsed.success ? providerOfGame(parsed.data.game_code) : undefined;
    if (!signedByKoi(config, request, named)) return reply.status(401).send({ error: 'bad signature' });
    if (!parsed.success) return reply.status(400).send({ error: 'bad request' });
    const provider = providerOfGame(parsed.data.game_code);
    if (sessions.size >= SESSIONS_MAX) sessions.delete(sessions.keys().next().value!);
    const id = randomBytes(16).toString('hex');
    sessions.set(id, {
      id,
      token: parsed.data.token,
      user: parsed.data.user,
      gameCode: parsed.data.game_code,
      gameName: parsed.data.game_name,
      provider,
      model: parsed.data.wallet_model ?? 'seamless',
      createdAt: Date.now(),
    });
    return { url: `${publicUrl(app, config)}/play/${id}` };
  });

  app.get<{ Params: { id: string } }>('/play/:id', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) return sendMissingPage(reply, '游戏会话已失效，请返回平台重新进入。');
    return sendPage(
      reply,
      playPage(session.id, session.gameCode, gameKindOf(session.gameCode), session.gameName),
    );
  });

  app.get<{ Params: { id: string } }>('/api/play/:id/balance', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) return reply.status(404).send({ error: '会话已失效' });
    if (session.model === 'transfer') {
      return { balance_micro: String(wallets.get(walletKey(session.provider, session.user)) ?? 0n) };
    }
    const koi = createKoiClient({
      koiUrl: config.koiUrl,
      secrets: config.providers.secrets,
      provider: session.provider,
    });
    const answer = await koi.balance(session.token, session.user, NO_FAULTS).catch(() => null);
    if (!answer || answer.status !== WalletStatus.OK)
      return reply.status(502).send({ error: '无法获取余额' });
    return { balance_micro: String(answer.balance) };
  });
}
