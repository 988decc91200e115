import type { FastifyInstance } from 'fastify';
import { sendPage } from '../http/server';
import type { Chain } from './chain';
import { InsufficientBalance } from './chain';
import { walletPage } from './page';
import { PayError, type PayRequest, type Wallet } from './wallet';

/** Answers a pay attempt as JSON: the transaction, or a 400 naming what was wrong. */
export function payOrError(wallet: Wallet, body: PayRequest) {
  try {
    const { tx, from } = wallet.pay(body);
    return { status: 200, body: { transaction_id: tx.id, from } };
  } catch (error) {
    if (error instanceof PayError || error instanceof InsufficientBalance)
      return { status: 400, body: { error: error.message } };
    throw error;
  }
}

/** Where a transaction stands, for the wallet page and tests. */
export function txStatus(chain: Chain, id: string) {
  const tx = chain.tx(id);
  if (!tx) return null;
  return {
    transaction_id: tx.id,
    block_number: tx.block,
    confirmations: tx.block === null ? 0 : Math.max(0, chain.head().number - tx.block),
    required: chain.confirmations,
    confirmed: tx.block !== null && chain.isConfirmed(tx.block),
  };
}

/**
 * The sandbox's own pages and helpers around the chain (not part of TronGrid's API): the wallet page and its
 * send call (also used by `npm run koi -- sandbox:pay`; sandbox money is free, so no secret), chain facts,
 * and a transaction's status.
 */
export function walletRoutes(app: FastifyInstance, chain: Chain, wallet: Wallet): void {
  app.get<{ Querystring: { to?: string; amount?: string; from?: string } }>(
    '/tron/wallet',
    async (request, reply) => sendPage(reply, walletPage(request.query)),
  );
  app.post('/tron/wallet/send', async (request, reply) => {
    const result = payOrError(wallet, (request.body ?? {}) as PayRequest);
    return reply.status(result.status).send(result.body);
  });
  app.get('/tron/info', async () => ({
    head: chain.head().number,
    solid_head: chain.solidHead(),
    confirmations: chain.confirmations,
    usdt_contract: chain.usdtContract,
    lookalike_contract: chain.lookalikeContract,
  }));
  app.get<{ Params: { id: string } }>('/tron/tx/:id', async (request, reply) => {
    const status = txStatus(chain, request.params.id);
    return status ?? reply.status(404).send({ error: 'unknown transaction' });
  });
  app.get<{ Params: { address: string } }>('/tron/balance/:address', async (request) => ({
    address: request.params.address,
    usdt: chain.balanceOf(chain.usdtContract, request.params.address).toString(),
    lookalike: chain.balanceOf(chain.lookalikeContract, request.params.address).toString(),
  }));
}
