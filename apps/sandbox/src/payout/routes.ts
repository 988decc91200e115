import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatPlain, toMicro } from '@koi/ledger';
import type { SandboxConfig } from '../config';
import { decimalAmount } from '../http/money';
import { refuse, sleep } from '../http/server';
import { InsufficientBalance, type Chain } from '../tron/chain';
import { tronAddress } from '../tron/wallet';
import type { PayoutStore, PayoutRecord } from './store';

export interface PayoutFaults {
  /** The next N requests are held `timeoutMs` before anything happens (the caller times out first). */
  timeoutNext: number;
  timeoutMs: number;
  /** The next N requests answer `failStatus` and send nothing. */
  failNext: number;
  failStatus: number;
  /** The next N requests send the transfer, then lose the answer (the connection is cut). */
  dropAnswerNext: number;
  /** The next N requests are refused for good: status `failed`, nothing sent (a definite failure). */
  rejectNext: number;
  /**
   * Faults of the status query (`GET /payout/transfers/:key`), apart from the send's: the next N queries
   * answer `queryFailStatus` (400, 404, 500, …) with an error body that says nothing about the transfer,
   * answer 200 with a body that is not JSON, or answer only after `queryDelayMs`.
   */
  queryFailNext: number;
  queryFailStatus: number;
  queryGarbageNext: number;
  queryDelayNext: number;
  queryDelayMs: number;
}

export const NO_PAYOUT_FAULTS: PayoutFaults = {
  timeoutNext: 0,
  timeoutMs: 30_000,
  failNext: 0,
  failStatus: 500,
  dropAnswerNext: 0,
  rejectNext: 0,
  queryFailNext: 0,
  queryFailStatus: 500,
  queryGarbageNext: 0,
  queryDelayNext: 0,
  queryDelayMs: 30_000,
};

const transferRequest = z.object({
  idempotency_key: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'letters, digits, : _ or -, 1–64' }),
  to_address: tronAddress,
  amount: decimalAmount,
});

/**
 * The payout rail (decision 22): `POST /payout/transfers` sends USDT from the platform's hot wallet on the
 * sandbox chain, once per idempotency key (the withdrawal id) whatever happens to the answers;
 * `GET /payout/transfers/:key` tells what became of a key. Authenticated with `x-api-key`.
 */
export function payoutRoutes(
  app: FastifyInstance,
  config: SandboxConfig,
  chain: Chain,
  store: PayoutStore,
  hotWallet: string,
  faults: PayoutFaults,
): void {
  const key = Buffer.from(config.payout.apiKey);
  const authorised = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers['x-api-key'] ?? ''));
    return given.length === key.length && timingSafeEqual(given, key);
  };

  const view = (r: PayoutRecord) => {
    const tx = r.txHash ? chain.tx(r.txHash) : undefined;
    const block = tx?.block ?? null;
    return {
      idempotency_key: r.key,
      to_address: r.to,
      amount: formatPlain(BigInt(r.amountMicro)),
      status: !r.txHash ? 'failed' : block !== null && chain.isConfirmed(block) ? 'confirmed' : 'sent',
      tx_hash: r.txHash,
      block_number: block,
      confirmations: block === null ? 0 : Math.max(0, chain.head().number - block),
      reason: r.reason,
      created_at: r.createdAt,
    };
  };

  app.post('/payout/transfers', async (request, reply) => {
    if (!authorised(request)) return refuse(reply, 401, 'UNAUTHORISED', 'x-api-key required');
    // `key` and `to` are accepted as shorter spellings of `idempotency_key` and `to_address`.
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const parsed = transferRequest.safeParse({
      ...raw,
      idempotency_key: raw.idempotency_key ?? raw.key,
      to_address: raw.to_address ?? raw.to,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(reply, 400, 'BAD_REQUEST', `${issue.path.join('.')}: ${issue.message}`);
    }
    const { idempotency_key, to_address, amount } = parsed.data;
    const amountMicro = toMicro(amount);
    if (amountMicro <= 0n) return refuse(reply, 400, 'BAD_REQUEST', 'amount: must be greater than 0');

    if (faults.failNext > 0) {
      faults.failNext -= 1;
      return refuse(reply, faults.failStatus, 'UNAVAILABLE', 'payout service unavailable');
    }
    let drop = false;
    if (faults.dropAnswerNext > 0) {
      faults.dropAnswerNext -= 1;
      drop = true;
    }
    let reject = false;
    if (faults.rejectNext > 0) {
      faults.rejectNext -= 1;
      reject = true;
    }
    if (faults.timeoutNext > 0) {
      faults.timeoutNext -= 1;
      await sleep(faults.timeoutMs);
    }

    // From here to store.put nothing awaits, so two requests with one key (concurrent, or one delayed by a
    // fault) cannot both send: the second finds the first's record.
    let record = store.get(idempotency_key);
    if (record) {
      if (record.to !== to_address || record.amountMicro !== amountMicro.toString())
        return refuse(
          reply,
          409,
          'KEY_CONFLICT',
          'idempotency_key already used for another address or amount',
        );
    } else {
      let txHash: string | null = null;
      let reason: string | null = null;
      if (reject) reason = 'rejected by the payout provider';
      else {
        try {
          txHash = chain.submit([
            { token: chain.usdtContract, from: hotWallet, to: to_address, value: amountMicro },
          ]).id;
        } catch (error) {
          if (!(error instanceof InsufficientBalance)) throw error;
          reason = 'hot wallet balance too low';
        }
      }
      record = {
        key: idempotency_key,
        to: to_address,
        amountMicro: amountMicro.toString(),
        txHash,
        reason,
        createdAt: Date.now(),
      };
      store.put(record);
    }
    if (drop) {
      // The transfer is on its way; the answer is lost (the connection is cut without a response).
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    return view(record);
  });

  app.get<{ Params: { key: string } }>('/payout/transfers/:key', async (request, reply) => {
    if (!authorised(request)) return refuse(reply, 401, 'UNAUTHORISED', 'x-api-key required');
    if (faults.queryDelayNext > 0) {
      faults.queryDelayNext -= 1;
      await sleep(faults.queryDelayMs);
    }
    if (faults.queryFailNext > 0) {
      faults.queryFailNext -= 1;
      // A gateway or a confused rail: the error code is not the rail's documented NOT_FOUND, so it says
      // nothing about whether the key was received.
      return refuse(reply, faults.queryFailStatus, 'QUERY_FAULT', 'status query refused by a fault');
    }
    if (faults.queryGarbageNext > 0) {
      faults.queryGarbageNext -= 1;
      return reply.status(200).header('content-type', 'application/json').send('{"status": "sen');
    }
    const record = store.get(request.params.key);
    return record ? view(record) : refuse(reply, 404, 'NOT_FOUND', 'no payout with this idempotency_key');
  });

  app.get('/payout/wallet', async (request, reply) => {
    if (!authorised(request)) return refuse(reply, 401, 'UNAUTHORISED', 'x-api-key required');
    return { address: hotWallet, balance: formatPlain(chain.balanceOf(chain.usdtContract, hotWallet)) };
  });
}
