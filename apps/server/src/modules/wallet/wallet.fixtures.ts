import { randomBytes } from 'node:crypto';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import type { Db } from '../../db/client';
import { players } from '../auth/auth.schema';
import type { TransferRequest, WalletService } from './wallet.service';

/** Test helpers: players inserted directly (no password hashing), with their wallets open. */
export async function createPlayers(db: Db, wallet: WalletService, count: number): Promise<number[]> {
  const rows = Array.from({ length: count }, () => {
    const tag = randomBytes(6).toString('hex');
    return {
      username: `w_${tag}`,
      passwordHash: 'x',
      inviteCode: tag.slice(0, 10).toUpperCase(),
      ageConfirmedAt: new Date(),
    };
  });
  const ids = (await db.insert(players).values(rows).returning({ id: players.id })).map((r) => r.id);
  for (const id of ids) await wallet.openPlayerAccount(id);
  return ids;
}

let sequence = 0;
export const freshKey = (prefix = 'k') =>
  `${prefix}:${process.pid}:${Date.now().toString(36)}:${(sequence += 1)}`;

/**
 * The request of moving `amount` (USDT text, or micro-USDT) from a player to a system account (a bet, a
 * withdrawal hold); `toPlayer` is the other way (a deposit, a win).
 */
export function fromPlayer(
  playerId: number,
  amount: string | bigint,
  system: SystemAccount,
  code: TransferCode,
  key = freshKey(),
): TransferRequest {
  const amountMicro = typeof amount === 'bigint' ? amount : toMicro(amount);
  return { key, debit: { player: playerId }, credit: { system }, amountMicro, code };
}

/** The same movement the other way: the system account pays the player. */
export function toPlayer(...args: Parameters<typeof fromPlayer>): TransferRequest {
  const request = fromPlayer(...args);
  return { ...request, debit: request.credit, credit: request.debit };
}

export function deposit(wallet: WalletService, playerId: number, amount: string, key = freshKey('dep')) {
  return wallet.transfer({
    ...toPlayer(playerId, amount, SystemAccount.DEPOSIT_CLEARING, TransferCode.DEPOSIT, key),
    reference: { type: 'deposit', id: key },
  });
}

export function bet(wallet: WalletService, playerId: number, amount: string, key = freshKey('bet')) {
  return wallet.transfer({
    ...fromPlayer(playerId, amount, SystemAccount.HOUSE, TransferCode.BET, key),
    reference: { type: 'round', id: key },
  });
}

/**
 * Holds `amount` of the player's for a withdrawal (the first phase of a two-phase transfer) under `key`; the
 * test then posts or voids it. `timeoutMs` makes the hold expire (negative: already expired).
 */
export function holdWithdrawal(
  wallet: WalletService,
  playerId: number,
  amount: string,
  key = freshKey('wd'),
  timeoutMs?: number,
) {
  return wallet.hold({
    ...fromPlayer(playerId, amount, SystemAccount.WITHDRAWAL_PAYABLE, TransferCode.WITHDRAWAL, key),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}
