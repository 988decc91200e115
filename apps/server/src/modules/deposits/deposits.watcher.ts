import { createHash } from 'node:crypto';
import { LEDGER_CURRENCY, SystemAccount, TransferCode } from '@koi/ledger';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { isCountryDenied } from '../../lib/geo';
import { withRetry } from '../wallet/wallet.batcher';
import type { WalletService } from '../wallet/wallet.service';
import type { TurnoverService } from '../turnover';
import type { DomainEvents } from '../events';
import { assertWithinLimits, limitReads, type CreditedElsewhere } from './deposits.limits';
import { createDepositsRepository } from './deposits.repository';
import type { ChainCursorRow } from './deposits.schema';
import { ChainTransferStatus, UnmatchedSource } from './deposits.schema';
import { ChainSourceError, type ChainSource } from './trongrid.client';

/*
 * Design note: the chain watcher (decisions 13, 20).
 *
 * Nothing lost. Per receiving address the watcher keeps a cursor (TronGrid's min_timestamp, plus the next
 * page's fingerprint while a listing spans pages) in the database. It asks only for confirmed (solidified)
 * transfers of the official contract, oldest first; every record of a page is stored before the cursor
 * moves past it, so a crash or restart re-reads at most one page, and re-reading is harmless because a
 * transfer is unique by (transaction id, event index). Confirmed records appear in block order, so nothing
 * confirmed can later appear behind the cursor; the cursor keeps the newest block time itself (inclusive),
 * re-reading that one millisecond instead of risking a record that shares it.
 *
 * Nothing twice. The TRC20 list has no event index, and a faulty node may repeat records; the authoritative
 * index comes from the transaction's events, fetched once per new transaction. Each event is inserted once
 * (unique index), then settled in its own transaction under a row lock: credited to the order it paid (the
 * ledger key `deposit:tron:<txid>:<event>` makes even a second attempt a no-op) or queued as unmatched.
 *
 * Rate limits. A 429, 5xx, timeout or network error leaves the cursor where it was and puts the address in
 * exponential backoff (interval × 2^failures, at most a minute); the next poll after it resumes from the
 * cursor, so such errors delay a credit but never lose one. The lag per address (now − last successful
 * poll) is kept with the cursor for the console.
 */

const PAGE_LIMIT = 50;
/** Pages read per address per tick, so one busy address cannot starve the others. */
const PAGES_PER_TICK = 20;
const BACKOFF_MAX_MS = 60_000;
/** How long after its last order expired a disabled address is still polled for late payments: a day. */
export const DISABLED_LATE_MS = 24 * 3_600_000;

export interface WatcherDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'deposits' | 'geo' | 'tron'>;
  source: ChainSource;
  wallet: Pick<WalletService, 'transferIn'>;
  /** Decision 23: each credited deposit adds 1× its amount of turnover (the turnover module). */
  turnover: Pick<TurnoverService, 'addRequirement'>;
  /** Other modules' credits counted against the deposit limits (filled through the module's hooks). */
  creditedElsewhere?: readonly CreditedElsewhere[];
  /** Told once a credit has committed (the module emits `deposit.credited`); never for a repeated settle. */
  onCredited?: (fact: DomainEvents['deposit.credited']) => void;
}

export function foreignEventKey(r: { tokenContract: string; from: string; to: string; value: bigint }) {
  return `f:${createHash('sha256').update(`${r.tokenContract}|${r.from}|${r.to}|${r.value}`).digest('hex').slice(0, 16)}`;
}

export function createChainWatcher(deps: WatcherDeps) {
  const { db, clock, config, source } = deps;
  const repo = createDepositsRepository(db);
  const usdt = config.tron.usdtContract;

  /** Credits or queues one confirmed transfer; safe to call any number of times, from any node. */
  async function settle(chainTransferId: number): Promise<'credited' | 'unmatched' | 'none'> {
    let credited: DomainEvents['deposit.credited'] | null = null;
    const outcome = await withRetry(() =>
      db.transaction(async (tx) => {
        // A retried attempt starts afresh: only the attempt that commits says what was credited.
        credited = null;
        const r = createDepositsRepository(tx);
        const t = await r.lockTransfer(chainTransferId);
        if (!t || t.status !== ChainTransferStatus.SEEN || !t.confirmed) return 'none' as const;
        const now = clock.now();
        if (t.tokenContract !== usdt) {
          await r.settleTransfer(t.id, { status: ChainTransferStatus.FOREIGN_TOKEN }, now);
          return 'none' as const;
        }
        const address = await r.addressByText(t.toAddress);
        const order = address ? await r.orderPaidBy(address.id, t.amountMicro, t.blockTimestamp) : null;
        let refusal: string | null = null;
        if (order) {
          // Decision 18: the deny-list and the player's limits apply again when the money arrives. A player
          // frozen or self-excluded after ordering is credited all the same: the money is theirs, and the
          // freeze keeps it from being bet or withdrawn (policy: channels.service.ts design note).
          if (isCountryDenied(config.geo, order.country)) refusal = 'region';
          else {
            try {
              await assertWithinLimits(
                limitReads(tx, deps.creditedElsewhere ?? []),
                order.playerId,
                t.amountMicro,
                now,
              );
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              refusal = 'deposit_limit';
            }
          }
        }
        if (order && !refusal) {
          const key = `deposit:tron:${t.txId}:${t.eventKey}`;
          await deps.wallet.transferIn(tx, {
            key,
            debit: { system: SystemAccount.DEPOSIT_CLEARING },
            credit: { player: order.playerId },
            amountMicro: t.amountMicro,
            code: TransferCode.DEPOSIT,
            reference: { type: 'deposit_order', id: order.orderNo },
            metadata: { tx_id: t.txId, event: t.eventKey, address: t.toAddress },
          });
          // Same transaction as the credit, idempotent per order: a credited deposit never lacks it.
          await deps.turnover.addRequirement(
            {
              playerId: order.playerId,
              sourceType: 'deposit',
              sourceId: `trc20:${order.orderNo}`,
              amountMicro: t.amountMicro,
            },
            tx,
          );
          await r.completeOrder(order.id, t.id, now);
          await r.settleTransfer(
            t.id,
            {
              status: ChainTransferStatus.CREDITED,
              orderId: order.id,
              playerId: order.playerId,
              ledgerKey: key,
            },
            now,
          );
          credited = { playerId: order.playerId, amountMicro: t.amountMicro, source: 'trc20' };
          return 'credited' as const;
        }
        const late = address ? await r.expiredBefore(address.id, t.amountMicro, t.blockTimestamp) : null;
        const funded = await r.playersFundedBy(t.fromAddress);
        await r.queueUnmatched({
          source: UnmatchedSource.CHAIN,
          chainTransferId: t.id,
          amountMicro: t.amountMicro,
          reason: refusal ?? (late ? 'late' : 'no_order'),
          detail: {
            tx_id: t.txId,
            from: t.fromAddress,
            to: t.toAddress,
            order_no: (order ?? late)?.orderNo ?? null,
          },
          likelyPlayerId: funded.length === 1 ? funded[0]! : null,
          orderPlayerId: (order ?? late)?.playerId ?? null,
          createdAt: now,
        });
        await r.settleTransfer(
          t.id,
          { status: ChainTransferStatus.UNMATCHED, orderId: order?.id ?? null },
          now,
        );
        return 'unmatched' as const;
      }),
    );
    const fact = credited as DomainEvents['deposit.credited'] | null;
    if (fact) deps.onCredited?.(fact);
    return outcome;
  }

  /** Reads one address from its cursor to the end of what is confirmed; returns the transfers recorded. */
  async function pollAddress(address: string, cursor: ChainCursorRow): Promise<number> {
    let { minTimestampMs, fingerprint } = cursor;
    let recorded = 0;
    for (let page = 0; page < PAGES_PER_TICK; page += 1) {
      let listing;
      try {
        listing = await source.incoming(address, {
          contract: usdt,
          minTimestampMs,
          fingerprint,
          limit: PAGE_LIMIT,
        });
      } catch (error) {
        // An expired or unknown fingerprint: start the listing again from the stored timestamp.
        if (error instanceof ChainSourceError && !error.retryable && fingerprint) {
          fingerprint = null;
          await repo.saveCursor(address, { fingerprint: null });
          continue;
        }
        throw error;
      }
      const now = clock.now();
      const ids: number[] = [];
      const ours = listing.records.filter((r) => r.to === address);
      const known = await repo.knownTxIds([...new Set(ours.map((r) => r.txId))]);
      for (const txId of new Set(ours.filter((r) => r.tokenContract === usdt).map((r) => r.txId))) {
        if (known.has(txId)) continue;
        const events = (await source.events(txId)).filter((e) => e.contract === usdt && e.to === address);
        // The list said confirmed; an events answer that disagrees is a lagging node: try again later.
        if (events.length === 0 || events.some((e) => !e.confirmed)) {
          throw new ChainSourceError(`events of ${txId} not available yet`, null, true);
        }
        for (const e of events) {
          const row = await repo.recordTransfer({
            txId,
            eventKey: String(e.eventIndex),
            tokenContract: e.contract,
            tokenSymbol: LEDGER_CURRENCY,
            fromAddress: e.from,
            toAddress: e.to,
            amountMicro: e.value,
            blockTimestamp: new Date(e.blockTimestampMs),
            confirmed: true,
            status: ChainTransferStatus.SEEN,
            firstSeenAt: now,
          });
          ids.push(row.id);
        }
      }
      // A look-alike that slipped through the contract filter is recorded for operators, never credited.
      for (const r of ours.filter((x) => x.tokenContract !== usdt)) {
        const row = await repo.recordTransfer({
          txId: r.txId,
          eventKey: foreignEventKey(r),
          tokenContract: r.tokenContract,
          tokenSymbol: r.tokenSymbol.slice(0, 32),
          fromAddress: r.from,
          toAddress: r.to,
          amountMicro: r.decimals === 6 ? r.value : 0n,
          blockTimestamp: new Date(r.blockTimestampMs),
          confirmed: true,
          status: ChainTransferStatus.SEEN,
          firstSeenAt: now,
        });
        ids.push(row.id);
      }
      for (const id of ids) await settle(id);
      recorded += ids.length;
      const newest = listing.records.reduce((m, r) => Math.max(m, r.blockTimestampMs), 0);
      // The cursor moves only now, after every record of the page is stored and settled.
      if (listing.next) {
        fingerprint = listing.next;
        await repo.saveCursor(address, { fingerprint, lastBlockMs: newest || cursor.lastBlockMs });
      } else {
        minTimestampMs = Math.max(minTimestampMs, newest);
        await repo.saveCursor(address, {
          minTimestampMs,
          fingerprint: null,
          lastBlockMs: newest || cursor.lastBlockMs,
        });
        break;
      }
    }
    return recorded;
  }

  return {
    settle,

    /**
     * One pass over the receiving addresses (the watcher job). Disabled addresses are watched while money may
     * still come for an order (decision 13): disabling stops new orders, but an open order on the address may
     * still be paid, a payment may come late (within DISABLED_LATE_MS of its order's expiry) and a seen
     * transfer must still be seen confirmed. After that a disabled address is no longer polled (not
     * forever); its cursor stays, so enabling it again catches up from where the watcher stopped.
     */
    async watchOnce(): Promise<number> {
      let done = 0;
      const lateSince = new Date(clock.now().getTime() - DISABLED_LATE_MS);
      for (const a of await repo.addressesToWatch(lateSince)) {
        const cursor = await repo.cursor(a.address);
        const now = clock.now();
        if (cursor.backoffUntil && cursor.backoffUntil > now) continue;
        await repo.saveCursor(a.address, { lastPolledAt: now });
        try {
          done += await pollAddress(a.address, cursor);
          await repo.saveCursor(a.address, {
            lastSuccessAt: clock.now(),
            failures: 0,
            lastError: null,
            backoffUntil: null,
          });
        } catch (error) {
          if (!(error instanceof ChainSourceError)) throw error;
          const failures = cursor.failures + 1;
          const wait = Math.min(
            config.deposits.watchIntervalMs * 2 ** Math.min(failures, 10),
            BACKOFF_MAX_MS,
          );
          await repo.saveCursor(a.address, {
            failures,
            lastError: error.message.slice(0, 200),
            backoffUntil: new Date(clock.now().getTime() + wait),
          });
        }
      }
      // Transfers recorded by a poll that crashed before settling them.
      for (const t of await repo.unsettledConfirmed()) if ((await settle(t.id)) !== 'none') done += 1;
      return done;
    },

    /** Cursor, lag and errors per address (console; lag = now − last successful poll). */
    async status() {
      const now = clock.now().getTime();
      return (await repo.cursors()).map((c) => ({
        ...c,
        lagMs: c.lastSuccessAt ? now - c.lastSuccessAt.getTime() : null,
      }));
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;
