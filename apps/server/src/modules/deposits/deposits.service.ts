import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { formatMicro, parseAmount } from '@koi/ledger';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { isCountryDenied } from '../../lib/geo';
import { pageWindow } from '../../lib/paging';
import { isTronAddress } from '../../lib/tron-address';
import { timeRangeBounds, type TimeRange } from '../../lib/time-range';
import type { PlayerGate } from '../auth';
import { withRetry } from '../wallet/wallet.batcher';
import {
  applyRequest,
  assertWithinLimits,
  limitReads,
  limitsView,
  LIMIT_PERIODS,
  matured,
  type CreditedElsewhere,
  type LimitPeriod,
  type Limits,
} from './deposits.limits';
import { createDepositsRepository, OFFSET_STEP_MICRO } from './deposits.repository';
import type { DepositOrderRow } from './deposits.schema';
import { DepositOrderStatus, UnmatchedSource } from './deposits.schema';

/*
 * Design note: USDT-TRC20 deposit orders (decisions 13, 20).
 *
 * Unique amounts. A transfer on TRON carries no reference, only an amount and a receiving address, so each
 * open order on an address must have its own `actual_amount`: the requested amount plus the smallest offset
 * (0.0000–0.0999 in steps of 0.0001) that no open order on that address holds. The database decides, not a
 * read: a partial unique index on (address, actual amount) where status = pending. An order is created by
 * picking the best free slot and inserting it with ON CONFLICT DO NOTHING; a concurrent request that took
 * the same slot first makes the insert wait for it and then do nothing, and the loop picks again with a
 * fresh snapshot (READ COMMITTED), so two requests can never hold one pair, and none fails for a collision.
 *
 * Expiry frees slots. A pending order past its lifetime keeps its slot until it is marked expired; order
 * creation marks due orders expired first (SKIP LOCKED, so it never waits on a row the watcher is
 * completing) and the expiry job does the same every few seconds. A slot is freed only after its lifetime
 * ended, so the lifetimes of the orders that ever held one pair never overlap: a payment sent in time but
 * confirmed after expiry still finds exactly its order (deposits.watcher.ts).
 *
 * One player at a time. "At most N open orders", "the same amount returns the open order" and the
 * deposit-limit check read and then write; a per-player advisory transaction lock serialises them, so 50
 * concurrent requests of one player still end with at most N orders.
 */

/** Decision 20: offsets are 0.0001 steps, so amounts themselves carry at most 4 decimals. */
const AMOUNT_UNIT_MICRO = OFFSET_STEP_MICRO;
/** Spec §9: the generic QR helper draws 400 px with error correction M. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', width: 400, margin: 2, type: 'image/png' } as const;

export interface DepositOrderView {
  orderNo: string;
  address: string;
  qrcode: string;
  amountMicro: bigint;
  actualAmountMicro: bigint;
  minutes: number;
  status: number;
  createdAt: Date;
  expiresAt: Date;
  completedAt: Date | null;
  txId: string | null;
}

export interface DepositsServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'deposits' | 'geo'>;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  /** Other modules' credits counted against the deposit limits (filled through the module's hooks). */
  creditedElsewhere?: readonly CreditedElsewhere[];
}

/** A channel's report that did not agree with its order, as the channels module queues it for operators. */
export interface ChannelReport {
  channelOrderId: number | null;
  channelRef: string;
  amountMicro: bigint;
  reason: string;
  detail: Record<string, unknown>;
  orderPlayerId: number | null;
  createdAt: Date;
}

export function createDepositsService(deps: DepositsServiceDeps) {
  const { db, clock, config } = deps;
  const repo = createDepositsRepository(db);
  const elsewhere = deps.creditedElsewhere ?? [];
  const qrCache = new Map<string, Promise<string>>();

  const qrcodeOf = (address: string) => {
    let png = qrCache.get(address);
    if (!png) {
      png = QRCode.toDataURL(address, QR_OPTIONS);
      qrCache.set(address, png);
    }
    return png;
  };

  async function view(o: DepositOrderRow, txId: string | null = null): Promise<DepositOrderView> {
    return {
      orderNo: o.orderNo,
      address: o.address,
      qrcode: await qrcodeOf(o.address),
      amountMicro: o.amountMicro,
      actualAmountMicro: o.actualAmountMicro,
      minutes: Math.round((o.expiresAt.getTime() - o.createdAt.getTime()) / 60_000),
      status: o.status,
      createdAt: o.createdAt,
      expiresAt: o.expiresAt,
      completedAt: o.completedAt,
      txId,
    };
  }

  function parseDepositAmount(text: string): bigint {
    const parsed = parseAmount(text);
    if (!parsed.ok) throw new AppError('AMOUNT_INVALID', { reason: parsed.text });
    const { minMicro, maxMicro } = config.deposits;
    if (parsed.micro < minMicro)
      throw new AppError('DEPOSIT_AMOUNT_TOO_LOW', { min: formatMicro(minMicro, 0) });
    if (parsed.micro > maxMicro)
      throw new AppError('DEPOSIT_AMOUNT_TOO_HIGH', { max: formatMicro(maxMicro, 0) });
    if (parsed.micro % AMOUNT_UNIT_MICRO !== 0n) throw new AppError('DEPOSIT_AMOUNT_PRECISION');
    return parsed.micro;
  }

  /** Creates the order, or returns the player's open order for the same amount. */
  async function recharge(playerId: number, amountText: string, country: string | null) {
    const amountMicro = parseDepositAmount(amountText);
    if (isCountryDenied(config.geo, country)) throw new AppError('REGION_BLOCKED');
    await deps.gate.assertMayPlay(playerId);
    const order = await withRetry(() =>
      db.transaction(async (tx) => {
        const r = createDepositsRepository(tx);
        await r.lockPlayer(playerId);
        const now = clock.now();
        await r.expireDue(now);
        const open = await r.openOrders(playerId);
        const same = open.find((o) => o.amountMicro === amountMicro);
        if (same) return same;
        if (open.length >= config.deposits.maxOpenOrders) {
          throw new AppError('DEPOSIT_TOO_MANY_OPEN', { max: config.deposits.maxOpenOrders });
        }
        const reserved = open.reduce((sum, o) => sum + o.actualAmountMicro, 0n);
        await assertWithinLimits(limitReads(tx, elsewhere), playerId, amountMicro, now, reserved);
        // A lost race for offset k means a concurrent order holds k (or is about to), so the next pick starts
        // after it: every attempt moves forward and the loop ends within OFFSET_SLOTS attempts.
        let fromOffset = 0;
        for (;;) {
          const slot = await r.freeSlot(amountMicro, fromOffset);
          if (!slot) break;
          fromOffset = slot.offset + 1;
          const inserted = await r.insertOrder({
            orderNo: newOrderNo(now),
            playerId,
            amountMicro,
            country,
            createdAt: now,
            expiresAt: new Date(now.getTime() + config.deposits.orderMs),
            addressId: slot.addressId,
            address: slot.address,
            actualAmountMicro: amountMicro + BigInt(slot.offset) * OFFSET_STEP_MICRO,
          });
          if (inserted) return inserted;
        }
        throw new AppError('DEPOSIT_NO_ADDRESS');
      }),
    );
    return view(order);
  }

  return {
    recharge,
    parseDepositAmount,

    /**
     * The players linked to this one by a TRC20 sender address that paid both (promotions' households), each
     * with the reason and the sender.
     */
    async linkedBySender(playerId: number) {
      const rows = await repo.sharingSenders(playerId, 50);
      return rows.map((r) => ({ playerId: r.playerId, reason: 'trc20_sender', value: r.address }));
    },

    /** Adds the configured receiving addresses where missing (start-up); a bad checksum stops the start. */
    async ensureAddresses(addresses: string[]) {
      for (const a of addresses) {
        if (!isTronAddress(a)) throw new Error(`DEPOSIT_ADDRESSES: ${a} is not a valid TRON address`);
        await repo.insertAddress(a, 'config');
      }
    },

    /** The state of one of the player's orders (the popup polls it). */
    async order(playerId: number, orderNo: string): Promise<DepositOrderView> {
      const o = await repo.orderByNo(orderNo);
      if (!o || o.playerId !== playerId) throw new AppError('DEPOSIT_ORDER_NOT_FOUND');
      const txId = o.chainTransferId === null ? null : await repo.txIdOf(o.chainTransferId);
      // A pending order past its time reads as expired even before the job has marked it.
      const status =
        o.status === DepositOrderStatus.PENDING && o.expiresAt <= clock.now()
          ? DepositOrderStatus.EXPIRED
          : o.status;
      return view({ ...o, status }, txId);
    },

    /** Marks due orders expired (job). */
    expireDue: () => repo.expireDue(clock.now()),

    limits: (playerId: number) => limitsView(limitReads(db, elsewhere), playerId, clock.now()),

    /** Sets the named limits from the player's text ("" = no limit); see deposits.limits.ts for timing. */
    async setLimits(playerId: number, input: Partial<Record<LimitPeriod, string>>) {
      const request: Partial<Limits> = {};
      for (const p of LIMIT_PERIODS) {
        const text = input[p];
        if (text === undefined) continue;
        if (text.trim() === '') {
          request[p] = null;
          continue;
        }
        const parsed = parseAmount(text);
        if (!parsed.ok) throw new AppError('DEPOSIT_LIMIT_INVALID', { reason: parsed.text });
        request[p] = parsed.micro;
      }
      await withRetry(() =>
        db.transaction(async (tx) => {
          const r = createDepositsRepository(tx);
          await r.lockPlayer(playerId);
          const now = clock.now();
          const current = matured(await r.lockLimits(playerId), playerId, now);
          await r.saveLimits(applyRequest(current, request, now));
        }),
      );
      return limitsView(limitReads(db, elsewhere), playerId, clock.now());
    },

    /** Addresses the player has sent credited deposits from (the withdrawals' poisoning guard reads them). */
    senderAddresses: (playerId: number) => repo.senderAddressesOf(playerId),

    /**
     * Refuses (DEPOSIT_LIMIT_EXCEEDED) a credit of `amountMicro` that would pass the player's limits, read in
     * `conn`: the channels module checks its orders with it, when ordering and again when the money arrives.
     */
    assertWithinLimits: (conn: DbOrTx, playerId: number, amountMicro: bigint, now: Date) =>
      assertWithinLimits(limitReads(conn, elsewhere), playerId, amountMicro, now),

    /**
     * Queues a channel's disagreeing report for operators (source channel), in `conn`; once per channel order
     * and per channel reference, so a report delivered many times queues one row.
     */
    queueChannelReport: (conn: DbOrTx, report: ChannelReport) =>
      createDepositsRepository(conn).queueChannelReport({ source: UnmatchedSource.CHANNEL, ...report }),

    /** The queue's reasons for those of the channel orders that were queued (the console's order list). */
    queueReasonsOfChannelOrders: (channelOrderIds: number[]) =>
      repo.queueReasonsOfChannelOrders(channelOrderIds),

    /** The player's TRC20 deposit records in a spec time range (1 yesterday, 2 today, 3 week), newest first. */
    async records(playerId: number, q: { range: TimeRange; page: number; size: number }) {
      const { from, to } = timeRangeBounds(q.range, clock.now());
      const rows = await repo.depositRecords(playerId, from, to, pageWindow(q));
      return { rows, total: rows[0]?.total ?? 0 };
    },
  };
}

/** A public order id: a letter, the UTC date and 10 random hex digits (unique index as the backstop). */
function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `D${day}${randomBytes(5).toString('hex').toUpperCase()}`;
}

export type DepositsService = ReturnType<typeof createDepositsService>;
