import { z } from 'zod';
import { toMicro } from '@koi/ledger';
import { decimalAmount } from '../http/money';
import { isTronAddress, randomAddress, ZERO_ADDRESS } from './address';
import type { Chain, ChainTx } from './chain';

/** A TRON address with a valid base58check checksum. */
export const tronAddress = z.string().refine(isTronAddress, { message: '不是有效的 TRON 地址' });

/** `usdt` (the official contract), `lookalike` (same symbol, other contract) or a token contract address. */
export const tokenChoice = z.string().default('usdt');

export const payRequest = z.object({
  to: tronAddress.optional(),
  amount: decimalAmount.optional(),
  from: tronAddress.optional(),
  token: tokenChoice,
  /** Several Transfer events in one transaction (a batch transfer); instead of to/amount. */
  transfers: z
    .array(z.object({ to: tronAddress, amount: decimalAmount }))
    .min(1)
    .max(20)
    .optional(),
});
export type PayRequest = z.input<typeof payRequest>;

export class PayError extends Error {}

/**
 * The sandbox's wallet: sends TRC20 tokens for a person (the wallet page), a test (control) or the CLI.
 * Sandbox money is free: a sender that lacks the amount is topped up by a mint in the same block (a
 * separate transaction from the zero address, visible only in the sender's own history). The payout rail
 * does not use this: its hot wallet spends only what it holds.
 */
export function createWallet(chain: Chain) {
  function tokenAddress(choice: string): string {
    if (choice === 'usdt') return chain.usdtContract;
    if (choice === 'lookalike') return chain.lookalikeContract;
    if (chain.isToken(choice)) return choice;
    throw new PayError(`unknown token: ${choice}`);
  }

  function pay(input: PayRequest): { tx: ChainTx; from: string } {
    const parsed = payRequest.safeParse(input);
    if (!parsed.success)
      throw new PayError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const req = parsed.data;
    const legs = req.transfers ?? (req.to && req.amount ? [{ to: req.to, amount: req.amount }] : null);
    if (!legs) throw new PayError('to and amount (or transfers) are required');
    const token = tokenAddress(req.token);
    const from = req.from ?? randomAddress();
    const events = legs.map((l) => ({ token, from, to: l.to, value: toMicro(l.amount) }));
    if (events.some((e) => e.value <= 0n)) throw new PayError('amount must be greater than 0');
    const total = events.reduce((sum, e) => sum + e.value, 0n);
    const shortfall = total - chain.balanceOf(token, from);
    // Both submits run without an await in between, so nothing can spend the minted amount first.
    if (shortfall > 0n) chain.submit([{ token, from: ZERO_ADDRESS, to: from, value: shortfall }]);
    return { tx: chain.submit(events), from };
  }

  return { pay, tokenAddress };
}

export type Wallet = ReturnType<typeof createWallet>;
