import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  checkSignature,
  launchRequest,
  transferBalanceRequest,
  transferMoveRequest,
  TransferStatus,
  transferStatusRequest,
  WalletStatus,
  type TransferAnswer,
  type WalletAnswer,
} from '@koi/provider-protocol';
import { z } from 'zod';
import type { SimConfig } from './config';
import { gameKindOf, playBlackjack, spinSlot } from './games';
import { createKoiClient, NO_FAULTS, type Faults } from './koi-client';
import { playPage } from './page';

interface Session {
  id: string;
  token: string;
  user: string;
  gameCode: string;
  gameName: string | undefined;
  provider: string;
  model: 'seamless' | 'transfer';
  createdAt: number;
}

export interface Round {
  id: string;
  sessionId: string;
  user: string;
  gameCode: string;
  betUuid: string;
  winUuid: string;
  amountMicro: string;
  winMicro: string;
  /** settled, refused (Koi refused the bet), rolled_back (the bet was undone), failed (no answer) */
  state: 'settled' | 'refused' | 'rolled_back' | 'failed';
  answers: { step: string; answer: WalletAnswer | { error: string } }[];
  outcome: unknown;
  at: string;
}

/** Rounds kept in memory for the control API; bounded so a long demo cannot grow without limit. */
const ROUNDS_MAX = 5000;
const SESSIONS_MAX = 10_000;
const MICRO = 1_000_000n;

const amountSchema = z.object({
  amount: z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, { message: '金额格式不正确' }),
});

function toMicro(amount: string): bigint {
  const [whole = '0', frac = ''] = amount.split('.');
  return BigInt(whole) * MICRO + BigInt(frac.padEnd(6, '0'));
}

export async function buildSimApp(config: SimConfig): Promise<FastifyInstance & { rounds: Round[] }> {
  const app = Fastify({ logger: { level: config.logLevel } });
  const sessions = new Map<string, Session>();
  // Transfer-wallet providers hold the player's money themselves: balances by provider and user, and every
  // transfer Koi made, by Koi's transfer id (applied at most once).
  const wallets = new Map<string, bigint>();
  const transfers = new Map<string, { status: TransferStatus; balance: bigint }>();
  const walletKey = (provider: string, user: string) => `${provider}:${user}`;
  const signedBody = (request: { headers: Record<string, string | string[] | undefined> }, raw: string) =>
    checkSignature(config.secret, request.headers, raw) === 'ok';
  const rounds: Round[] = [];
  let faults: Faults = { ...NO_FAULTS };
  const publicUrl = () =>
    config.publicUrl ??
    `http://localhost:${(app.server.address() as { port: number } | null)?.port ?? config.port}`;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    (request as unknown as { rawBody: string }).rawBody = body as string;
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      done(null, undefined);
    }
  });

  app.get('/health', async () => ({ status: 'ok' }));

  // Koi opens a game session (server to server, signed with the shared secret).
  app.post('/api/launch', async (request, reply) => {
    const raw = (request as unknown as { rawBody?: string }).rawBody ?? '';
    if (checkSignature(config.secret, request.headers, raw) !== 'ok')
      return reply.status(401).send({ error: 'bad signature' });
    const parsed = launchRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: 'bad request' });
    if (sessions.size >= SESSIONS_MAX) sessions.delete(sessions.keys().next().value!);
    const id = randomBytes(16).toString('hex');
    // The provider code is the first part of Koi's game codes (pg-…, ky-…); the simulator's own games are "sim".
    const provider = /^([a-z0-9]+)-/.exec(parsed.data.game_code)?.[1] ?? 'sim';
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
    return { url: `${publicUrl()}/play/${id}` };
  });

  app.get<{ Params: { id: string } }>('/play/:id', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session)
      return reply
        .status(404)
        .type('text/html')
        .send('<meta charset="utf-8"><p>游戏会话已失效，请返回平台重新进入。</p>');
    return reply
      .type('text/html; charset=utf-8')
      .send(playPage(session.id, session.gameCode, gameKindOf(session.gameCode), session.gameName));
  });

  app.get<{ Params: { id: string } }>('/api/play/:id/balance', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) return reply.status(404).send({ error: '会话已失效' });
    if (session.model === 'transfer') {
      return { balance_micro: String(wallets.get(walletKey(session.provider, session.user)) ?? 0n) };
    }
    const koi = createKoiClient({ koiUrl: config.koiUrl, secret: config.secret, provider: session.provider });
    const answer = await koi.balance(session.token, session.user, NO_FAULTS).catch(() => null);
    if (!answer || answer.status !== WalletStatus.OK)
      return reply.status(502).send({ error: '无法获取余额' });
    return { balance_micro: String(answer.balance) };
  });

  // One round: bet, play, win, with whatever faults the control API set.
  app.post<{ Params: { id: string } }>('/api/play/:id/round', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) return reply.status(404).send({ error: '会话已失效' });
    const parsed = amountSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: '金额格式不正确' });
    const amountMicro = toMicro(parsed.data.amount);
    if (amountMicro <= 0n) return reply.status(400).send({ error: '金额必须大于0' });
    const round = await playRound(session, amountMicro, { ...faults });
    return round;
  });

  /** A round of a transfer-wallet game: played against the money Koi moved in, without calling Koi. */
  function playTransferRound(session: Session, amountMicro: bigint): Round {
    const key = walletKey(session.provider, session.user);
    const round: Round = {
      id: randomUUID(),
      sessionId: session.id,
      user: session.user,
      gameCode: session.gameCode,
      betUuid: randomUUID(),
      winUuid: randomUUID(),
      amountMicro: amountMicro.toString(),
      winMicro: '0',
      state: 'refused',
      answers: [],
      outcome: null,
      at: new Date().toISOString(),
    };
    rounds.push(round);
    if (rounds.length > ROUNDS_MAX) rounds.shift();
    const balance = wallets.get(key) ?? 0n;
    if (balance < amountMicro) {
      round.answers.push({
        step: 'bet',
        answer: { status: WalletStatus.NOT_ENOUGH_MONEY, request_uuid: '', balance: Number(balance) },
      });
      return round;
    }
    const outcome =
      gameKindOf(session.gameCode) === 'card' ? playBlackjack(amountMicro) : spinSlot(amountMicro);
    wallets.set(key, balance - amountMicro + outcome.winMicro);
    round.outcome = { ...outcome, winMicro: outcome.winMicro.toString() };
    round.winMicro = outcome.winMicro.toString();
    round.state = 'settled';
    return round;
  }

  async function playRound(session: Session, amountMicro: bigint, f: Faults): Promise<Round> {
    if (session.model === 'transfer') return playTransferRound(session, amountMicro);
    const koi = createKoiClient({ koiUrl: config.koiUrl, secret: config.secret, provider: session.provider });
    const roundId = randomUUID();
    const round: Round = {
      id: roundId,
      sessionId: session.id,
      user: session.user,
      gameCode: session.gameCode,
      betUuid: randomUUID(),
      winUuid: randomUUID(),
      amountMicro: amountMicro.toString(),
      winMicro: '0',
      state: 'failed',
      answers: [],
      outcome: null,
      at: new Date().toISOString(),
    };
    rounds.push(round);
    if (rounds.length > ROUNDS_MAX) rounds.shift();
    const base = {
      token: session.token,
      user: session.user,
      round: roundId,
      game_code: session.gameCode,
      currency: 'USDT',
    };
    const record = async (step: string, run: () => Promise<WalletAnswer>) => {
      try {
        const answer = await run();
        round.answers.push({ step, answer });
        return answer;
      } catch (error) {
        round.answers.push({ step, answer: { error: (error as Error).name } });
        return null;
      }
    };
    const bet = (timeoutMs?: number) =>
      koi.call(
        'transaction/bet',
        {
          ...base,
          request_uuid: randomUUID(),
          transaction_uuid: round.betUuid,
          round_closed: false,
          amount: Number(amountMicro),
        },
        f,
        timeoutMs,
      );
    const rollback = () =>
      koi.call(
        'transaction/rollback',
        {
          ...base,
          request_uuid: randomUUID(),
          transaction_uuid: `rb-${round.betUuid}`,
          reference_transaction_uuid: round.betUuid,
          round_closed: true,
        },
        { ...f, wrongSignature: false },
      );
    const outcome =
      gameKindOf(session.gameCode) === 'card' ? playBlackjack(amountMicro) : spinSlot(amountMicro);
    const win = () =>
      koi.call(
        'transaction/win',
        {
          ...base,
          request_uuid: randomUUID(),
          transaction_uuid: round.winUuid,
          reference_transaction_uuid: round.betUuid,
          round_closed: true,
          amount: Number(outcome.winMicro),
        },
        f,
      );

    if (f.rollbackBeforeDebit) await record('rollback-first', rollback);
    if (f.outOfOrderCredit) await record('win-before-bet', win);

    let betAnswer: WalletAnswer | null;
    if (f.duplicateDelivery > 1) {
      const answers = await Promise.all(
        Array.from({ length: f.duplicateDelivery }, () => record('bet', () => bet())),
      );
      betAnswer =
        answers.find((a: WalletAnswer | null) => a?.status === WalletStatus.OK) ?? answers[0] ?? null;
    } else {
      betAnswer = await record('bet', () => bet(f.timeoutMs || undefined));
    }
    if (!betAnswer) {
      // No answer in time: the provider cannot know whether the debit happened, so it rolls it back until
      // Koi confirms (bounded retries).
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await record('rollback-after-timeout', rollback);
        if (answer?.status === WalletStatus.OK) {
          round.state = 'rolled_back';
          return round;
        }
      }
      round.state = 'failed';
      return round;
    }
    if (betAnswer.status !== WalletStatus.OK) {
      round.state = 'refused';
      return round;
    }
    round.outcome = { ...outcome, winMicro: outcome.winMicro.toString() };
    const winAnswer = await record('win', win);
    round.winMicro = outcome.winMicro.toString();
    round.state = winAnswer?.status === WalletStatus.OK ? 'settled' : 'failed';
    return round;
  }

  // Transfer wallet (Koi → provider, signed): move money in and out, ask about a transfer, read a balance.
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const move = (direction: 'in' | 'out') => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!signedBody(request, (request as unknown as { rawBody?: string }).rawBody ?? ''))
      return reply.status(401).send({ status: TransferStatus.ERROR });
    const parsed = transferMoveRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ status: TransferStatus.ERROR });
    const { transfer_id, provider, user, amount } = parsed.data;
    const f = { ...faults };
    if (f.transferDrop) {
      await sleep(5000);
      return reply.status(504).send({ status: TransferStatus.ERROR });
    }
    let done = transfers.get(transfer_id);
    if (!done) {
      const key = walletKey(provider, user);
      const balance = wallets.get(key) ?? 0n;
      const delta = BigInt(amount);
      if (direction === 'out' && balance < delta) {
        done = { status: TransferStatus.INSUFFICIENT, balance };
      } else {
        const after = direction === 'in' ? balance + delta : balance - delta;
        wallets.set(key, after);
        done = { status: TransferStatus.OK, balance: after };
      }
      transfers.set(transfer_id, done);
    }
    if (f.transferDelayMs) await sleep(f.transferDelayMs);
    const answer: TransferAnswer = { status: done.status, balance: Number(done.balance) };
    return answer;
  };
  app.post('/api/transfer/in', move('in'));
  app.post('/api/transfer/out', move('out'));
  app.post('/api/transfer/status', async (request, reply) => {
    if (!signedBody(request, (request as unknown as { rawBody?: string }).rawBody ?? ''))
      return reply.status(401).send({ status: TransferStatus.ERROR });
    const parsed = transferStatusRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ status: TransferStatus.ERROR });
    const done = transfers.get(parsed.data.transfer_id);
    const answer: TransferAnswer = done
      ? { status: done.status, balance: Number(done.balance) }
      : { status: TransferStatus.NOT_FOUND };
    return answer;
  });
  app.post('/api/transfer/balance', async (request, reply) => {
    if (!signedBody(request, (request as unknown as { rawBody?: string }).rawBody ?? ''))
      return reply.status(401).send({ status: TransferStatus.ERROR });
    const parsed = transferBalanceRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ status: TransferStatus.ERROR });
    const answer: TransferAnswer = {
      status: TransferStatus.OK,
      balance: Number(wallets.get(walletKey(parsed.data.provider, parsed.data.user)) ?? 0n),
    };
    return answer;
  });

  // Test control: set faults, read rounds. Guarded by the shared secret.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/control/')) return;
    if (request.headers['x-sim-control'] !== config.secret)
      return reply.status(401).send({ error: 'control secret required' });
  });
  app.put('/control/faults', async (request) => {
    faults = { ...NO_FAULTS, ...(request.body as Partial<Faults>) };
    return faults;
  });
  app.get<{ Querystring: { user?: string } }>('/control/rounds', async (request) =>
    request.query.user ? rounds.filter((r) => r.user === request.query.user) : rounds,
  );
  app.post<{ Body: { session_id: string; amount: string } }>('/control/play', async (request, reply) => {
    const session = sessions.get(request.body.session_id);
    if (!session) return reply.status(404).send({ error: 'no session' });
    return playRound(session, toMicro(request.body.amount), { ...faults });
  });

  return Object.assign(app as FastifyInstance, { rounds });
}
