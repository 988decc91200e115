import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  betHistoryRequest,
  transferBalanceRequest,
  transferMoveRequest,
  TransferStatus,
  transferStatusRequest,
  type BetHistoryAnswer,
  type TransferAnswer,
} from '@koi/provider-protocol';
import type { SandboxConfig } from '../config';
import { sleep } from '../http/server';
import { signedByKoi } from './signing';
import type { ProvidersState } from './state';

/**
 * The transfer wallet (Koi → provider, signed): move money in and out, ask about a transfer, read a balance,
 * and page through the provider's bet history. A transfer id is applied at most once; a repeat answers the
 * first outcome.
 */
export function transferWalletRoutes(
  app: FastifyInstance,
  config: SandboxConfig,
  state: ProvidersState,
): void {
  /** Signed by Koi with the secret of the provider the body names (any provider's when it names none). */
  const signed = (request: FastifyRequest) => {
    const named = (request.body as { provider?: unknown } | undefined)?.provider;
    return signedByKoi(config, request, typeof named === 'string' ? named : undefined);
  };

  const move = (direction: 'in' | 'out') => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!signed(request)) return reply.status(401).send({ status: TransferStatus.ERROR });
    const parsed = transferMoveRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ status: TransferStatus.ERROR });
    const { transfer_id, provider, user, amount } = parsed.data;
    const f = { ...state.faults };
    if (f.transferDrop) {
      await sleep(5000);
      return reply.status(504).send({ status: TransferStatus.ERROR });
    }
    // Check-and-apply runs without an await in between, so two concurrent deliveries of one id cannot both
    // apply it (Node runs one callback at a time).
    let done = state.transfers.get(transfer_id);
    if (!done) {
      const key = state.walletKey(provider, user);
      const balance = state.wallets.get(key) ?? 0n;
      const delta = BigInt(amount);
      if (direction === 'out' && balance < delta) {
        done = { status: TransferStatus.INSUFFICIENT, balance };
      } else {
        const after = direction === 'in' ? balance + delta : balance - delta;
        state.wallets.set(key, after);
        done = { status: TransferStatus.OK, balance: after };
      }
      state.transfers.set(transfer_id, done);
    }
    if (f.transferDelayMs) await sleep(f.transferDelayMs);
    const answer: TransferAnswer = { status: done.status, balance: Number(done.balance) };
    return answer;
  };
  app.post('/api/transfer/in', move('in'));
  app.post('/api/transfer/out', move('out'));

  app.post('/api/transfer/status', async (request, reply) => {
    if (!signed(request)) return reply.status(401).send({ status: TransferStatus.ERROR });
    const parsed = transferStatusRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ status: TransferStatus.ERROR });
    const done = state.transfers.get(parsed.data.transfer_id);
    const answer: TransferAnswer = done
      ? { status: done.status, balance: Number(done.balance) }
      : { status: TransferStatus.NOT_FOUND };
    return answer;
  });

  app.post('/api/transfer/balance', async (request, reply) => {
    if (!signed(request)) return reply.status(401).send({ status: TransferStatus.ERROR });
    const parsed = transferBalanceRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ status: TransferStatus.ERROR });
    const answer: TransferAnswer = {
      status: TransferStatus.OK,
      balance: Number(state.wallets.get(state.walletKey(parsed.data.provider, parsed.data.user)) ?? 0n),
    };
    return answer;
  });

  // The bet history: the provider's settled rounds after `cursor` (the sequence number of the last round of
  // the previous page), oldest first. A cursor from before the oldest round kept starts at the oldest.
  app.post('/api/transfer/bet-history', async (request, reply) => {
    if (!signed(request)) return reply.status(401).send({ status: TransferStatus.ERROR });
    const parsed = betHistoryRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ status: TransferStatus.ERROR });
    const { provider, cursor, limit } = parsed.data;
    if (cursor !== '' && !/^\d{1,15}$/.test(cursor))
      return reply.status(400).send({ status: TransferStatus.ERROR });
    const after = cursor === '' ? 0 : Number(cursor);
    const entries = state.history.get(provider) ?? [];
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid]!.seq <= after) lo = mid + 1;
      else hi = mid;
    }
    const page = entries.slice(lo, lo + limit);
    const answer: BetHistoryAnswer = {
      status: TransferStatus.OK,
      rounds: page.map((e) => e.round),
      next_cursor: page.length ? String(page.at(-1)!.seq) : cursor,
      has_more: lo + page.length < entries.length,
    };
    return answer;
  });
}
