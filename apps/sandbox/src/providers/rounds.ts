import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toMicro } from '@koi/ledger';
import { WalletStatus, type WalletAnswer } from '@koi/provider-protocol';
import { z } from 'zod';
import type { SandboxConfig } from '../config';
import { gameKindOf, playBlackjack, spinSlot } from './games';
import { createKoiClient, type Faults, type KoiClient } from './koi-client';
import type { ProvidersState, Round, Session } from './state';

const amountSchema = z.object({
  amount: z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, { message: '金额格式不正确' }),
});

const outcomeOf = (session: Session, amountMicro: bigint) =>
  gameKindOf(session.gameCode) === 'card' ? playBlackjack(amountMicro) : spinSlot(amountMicro);

/**
 * Playing rounds: a seamless round calls Koi's wallet (bet, then win) with whatever faults the control API
 * set; a transfer round plays against the money Koi moved into this provider, without calling Koi.
 */
export function createRounds(config: SandboxConfig, state: ProvidersState) {
  function playTransferRound(session: Session, amountMicro: bigint): Round {
    const key = state.walletKey(session.provider, session.user);
    const round = state.newRound(session, amountMicro, randomUUID(), randomUUID(), randomUUID());
    round.state = 'refused';
    const balance = state.wallets.get(key) ?? 0n;
    if (balance < amountMicro) {
      round.answers.push({
        step: 'bet',
        answer: { status: WalletStatus.NOT_ENOUGH_MONEY, request_uuid: '', balance: Number(balance) },
      });
      return round;
    }
    const outcome = outcomeOf(session, amountMicro);
    state.wallets.set(key, balance - amountMicro + outcome.winMicro);
    round.outcome = { ...outcome, winMicro: outcome.winMicro.toString() };
    round.winMicro = outcome.winMicro.toString();
    round.state = 'settled';
    // The provider's own record of the round, which Koi pulls through the bet-history API.
    state.recordHistory(session.provider, {
      round_id: round.id,
      user: session.user,
      game_code: session.gameCode,
      bet: Number(amountMicro),
      payout: Number(outcome.winMicro),
      bet_time: round.at,
      settle_time: new Date().toISOString(),
    });
    return round;
  }

  // One signed client per provider, made on its first round (its URLs are parsed once, not per call).
  const clients = new Map<string, KoiClient>();
  const clientOf = (provider: string) => {
    let client = clients.get(provider);
    if (!client) {
      client = createKoiClient({ koiUrl: config.koiUrl, secrets: config.providers.secrets, provider });
      clients.set(provider, client);
    }
    return client;
  };

  async function playSeamlessRound(session: Session, amountMicro: bigint, f: Faults): Promise<Round> {
    const koi = clientOf(session.provider);
    const roundId = randomUUID();
    const round = state.newRound(session, amountMicro, roundId, randomUUID(), randomUUID());
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
    const outcome = outcomeOf(session, amountMicro);
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

  /** One round with a snapshot of the faults in force when it started. */
  async function playRound(session: Session, amountMicro: bigint): Promise<Round> {
    if (session.model === 'transfer') return playTransferRound(session, amountMicro);
    return playSeamlessRound(session, amountMicro, { ...state.faults });
  }

  return { playRound };
}

/** The game page's "play" button. */
export function roundRoutes(
  app: FastifyInstance,
  state: ProvidersState,
  rounds: ReturnType<typeof createRounds>,
): void {
  app.post<{ Params: { id: string } }>('/api/play/:id/round', async (request, reply) => {
    const session = state.sessions.get(request.params.id);
    if (!session) return reply.status(404).send({ error: '会话已失效' });
    const parsed = amountSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: '金额格式不正确' });
    const amountMicro = toMicro(parsed.data.amount);
    if (amountMicro <= 0n) return reply.status(400).send({ error: '金额必须大于0' });
    return rounds.playRound(session, amountMicro);
  });
}
