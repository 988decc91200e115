import { randomBytes } from 'node:crypto';
import { checkClientSeed, mineHit, redPacketSeedHash, splitRedPacket } from '@koi/fair';
import { newServerSeed, nodeHash } from '@koi/fair/node';
import { formatMicro, SystemAccount, TransferCode } from '@koi/ledger';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { createKeyedQueue } from '../../lib/keyed-queue';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { PageWindow } from '../../lib/paging';
import type { AuditWrite } from '../audit';
import type { CheckedStanding, PlayerDirectory, PlayerGate } from '../auth';
import type { AccountRef, TransferRequest, WalletService } from '../wallet';
import { createRedPacketsRepository, type PacketWithGrabs } from './redpackets.repository';
import type { GrabRow, PacketRow, RoomRow } from './redpackets.schema';
import { RedPacketCloseReason, RedPacketState } from './redpackets.schema';

/*
 * Design note: red packets (decisions 27, 38).
 *
 * Money. Sending moves the total from the sender to the RED_PACKET_ESCROW system account at once (a posted
 * RED_PACKET_SEND transfer), so the sender can never spend it twice while the packet is open. A grab of a
 * packet with a mine holds the possible mine payment (total × the room's multiple) from the grabber as a
 * pending RED_PACKET_MINE transfer to the escrow: the grabber cannot spend it while the packet is open and
 * nothing is taken yet. When the packet closes (every share taken, or its time is up) one transaction posts
 * everything: each share from the escrow to its grabber (RED_PACKET_GRAB); for a grabber who hit the mine the
 * hold is posted, and the escrow pays the sender the payment minus the house's fee (RED_PACKET_MINE) and the
 * house its fee (RED_PACKET_FEE); the other holds are voided; the unclaimed rest goes back to the sender
 * (RED_PACKET_REFUND). The escrow's balance for a packet is zero once it is closed. The holds go in one ledger
 * call (resolvesIn) and the posted transfers in another (transfersIn), so a close costs two round trips to the
 * ledger under the close lock whatever the number of grabs. Every transfer's key is
 * derived from the packet and the grab (`rp:<packet>:…`), so a close that runs twice or again after a crash
 * moves nothing a second time, and the state change to closed commits with the transfers or not at all.
 * Closes queue on one advisory lock (RED_PACKET_CLOSE), so two of them never hold escrow shards together.
 *
 * Order and concurrency. A grab locks the packet's row (SELECT … FOR UPDATE) for its transaction: grabs of
 * one packet queue there on any number of nodes, each reads the count the previous one committed, takes the
 * next place and its share. Unique indexes on (packet, place) and (packet, player) are the database's second
 * word on it. Within one process, grabs of a packet first wait their turn in an in-memory queue (grabsInTurn),
 * so at most one of them per node holds a pooled connection while waiting on the row; the queue orders and
 * admits, it decides nothing: the count, the places and the shares are only ever read from the locked row.
 *
 * Fairness. The split is computed once at send from a fresh server seed (newServerSeed, the OS CSPRNG), the
 * sender's client seed and the packet's id, and stored; only the seed's SHA-256 is shown until the close.
 * Nothing later (a grab, an operator, the close) chooses anything: the n-th grabber gets the n-th share.
 *
 * The mine digit is the 2nd decimal of a share as shown (2 decimals, rounded down), `mineHit` of @koi/fair.
 * Shares are shown as they are grabbed, so once one share is left its amount is known to everyone (the total
 * minus the others); /redRule says so. That is the game as it is played everywhere; the split stays fixed.
 */

/** A room's stakes are USDT with at most 2 decimals: the game is played in cents. */
const STAKE_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;
const BP = 10_000n;
/** Packets closed per job tick, so one tick stays short. */
const CLOSE_BATCH = 100;
/** Spent packets a node keeps to refuse their late grabbers from memory: a few rooms' busy minutes' worth. */
const SPENT_PACKETS_REMEMBERED = 2_000;
const RETRIES = 4;
const DEADLOCK = '40P01';
const SERIALIZATION_FAILURE = '40001';

export interface RedPacketSignal {
  type: 'sent' | 'grabbed' | 'closed';
  roomId: number;
  packetId: number;
}

/**
 * A packet with what its screens show: its room's names (Chinese and English, for localName), its grabs
 * and the usernames of everyone in it.
 */
export interface PacketView {
  packet: PacketRow;
  roomName: string;
  roomNameEn: string | null;
  grabs: GrabRow[];
  names: Map<number, string>;
}

export interface SendInput {
  roomId: number;
  total: string;
  shares: string;
  mineDigit: string;
  clientSeed: string;
  idempotencyKey: string;
}

export type RedPacketsLedger = Pick<WalletService, 'transferIn' | 'transfersIn' | 'holdIn' | 'resolvesIn'>;

/** Money as the room forms and the messages write it: USDT without trailing zeros. */
export const usdt = (micro: bigint) => formatMicro(micro).replace(/\.?0+$/, '');

/** USDT with at most 2 decimals to micro-USDT, or null when the text is not such an amount. */
function parseStake(text: string): bigint | null {
  const t = text.trim();
  if (!STAKE_PATTERN.test(t)) return null;
  const [whole, cents = ''] = t.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(cents.padEnd(2, '0')) * 10_000n;
}

/** A ratio with at most 2 decimals ("1.8", "5") in basis points, or null. */
function parseBp(text: string, scale: bigint): number | null {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  const hundredths = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
  return Number((hundredths * scale) / 100n);
}

/** Basis points as the ratio text `parseBp` reads (15 000 with scale 10 000 → "1.5"). */
export const bpText = (bp: number, scale: number) => {
  const hundredths = Math.round((bp * 100) / scale);
  const whole = Math.floor(hundredths / 100);
  const frac = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
};

const isRetryable = (error: unknown) => {
  const code = pgErrorCode(error);
  return code === DEADLOCK || code === SERIALIZATION_FAILURE;
};

async function retrying<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error) || n >= RETRIES) throw error;
    }
  }
}

/**
 * A grab's turn in its packet's queue: the share it took (or took before) with the packet and its grabs as the
 * locked read saw them plus this grab, or the packet (with its grabs) that refused it.
 */
type Turn = { seen: PacketWithGrabs; grab: GrabRow; repeated: boolean } | { refused: PacketWithGrabs };

/** The grabber as the request's session check read them: their standing (player gate) and their username. */
export interface CheckedGrabber extends CheckedStanding {
  username: string;
}

/** Usernames kept per process (they never change once registered); past this many the cache starts over. */
const NAMES_KEPT = 50_000;

/** Waits for a movement of the player's money; a balance that does not cover it is refused as `refusal` says. */
async function coveredOr<T>(movement: Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await movement;
  } catch (error) {
    throw error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE' ? refusal() : error;
  }
}

export interface RoomSettings {
  name: string;
  /** null: English mode shows `name`. */
  nameEn: string | null;
  minStakeMicro: bigint;
  maxStakeMicro: bigint;
  sharesMin: number;
  sharesMax: number;
  mineMultipleBp: number;
  feeBp: number;
  lifetimeSeconds: number;
  enabled: boolean;
  sort: number;
}

export interface RoomPatchInput {
  name?: string;
  /** null clears it. */
  nameEn?: string | null;
  minStake?: string;
  maxStake?: string;
  sharesMin?: number;
  sharesMax?: number;
  mineMultiple?: string;
  feeRate?: string;
  lifetimeSeconds?: number;
  enabled?: boolean;
  sort?: number;
}

const roomInvalid = (zh: string, en: string) =>
  new AppError('RED_PACKET_ROOM_INVALID', { reason: { zh, en } });

/** A room's settings after `patch`, each rule checked with its own message. */
export function checkRoom(base: RoomSettings | null, patch: RoomPatchInput): RoomSettings {
  const need = <T>(value: T | undefined, fallback: T | undefined, zh: string, en: string): T => {
    const v = value ?? fallback;
    if (v === undefined) throw roomInvalid(`请填写${zh}`, `${en} is required`);
    return v;
  };
  const name = need(patch.name?.trim(), base?.name, '房间名称', 'the name');
  if (name.length < 1 || name.length > 32)
    throw roomInvalid('房间名称须为1–32个字符', 'the name is 1–32 characters');
  const stake = (text: string | undefined, fallback: bigint | undefined, zh: string, en: string) => {
    if (text === undefined) return need(undefined, fallback, zh, en);
    const micro = parseStake(text);
    if (micro === null || micro <= 0n)
      throw roomInvalid(
        `${zh}须为正数，最多两位小数`,
        `${en} must be a positive amount with at most 2 decimals`,
      );
    return micro;
  };
  const minStakeMicro = stake(patch.minStake, base?.minStakeMicro, '最低金额', 'the minimum stake');
  const maxStakeMicro = stake(patch.maxStake, base?.maxStakeMicro, '最高金额', 'the maximum stake');
  const sharesMin = need(patch.sharesMin, base?.sharesMin, '最少份数', 'the fewest shares');
  const sharesMax = need(patch.sharesMax, base?.sharesMax, '最多份数', 'the most shares');
  if (sharesMin < 5 || sharesMax > 10 || sharesMin > sharesMax)
    throw roomInvalid(
      '份数须在5到10之间，且最少不大于最多',
      'shares are 5 to 10, the fewest not above the most',
    );
  if (minStakeMicro > maxStakeMicro)
    throw roomInvalid('最低金额不能高于最高金额', 'the minimum stake must not exceed the maximum');
  if (minStakeMicro < BigInt(sharesMax) * 10_000n)
    throw roomInvalid(
      `最低金额须至少为每份0.01 USDT（${usdt(BigInt(sharesMax) * 10_000n)} USDT）`,
      `the minimum stake must give every share 0.01 USDT (${usdt(BigInt(sharesMax) * 10_000n)} USDT)`,
    );
  if (maxStakeMicro > 1_000_000n * 1_000_000n)
    throw roomInvalid('最高金额不能超过1000000 USDT', 'the maximum stake is at most 1000000 USDT');
  const multiple =
    patch.mineMultiple === undefined ? base?.mineMultipleBp : (parseBp(patch.mineMultiple, BP) ?? -1);
  const mineMultipleBp = need(multiple, undefined, '中雷倍数', 'the mine multiple');
  if (mineMultipleBp < 1_000 || mineMultipleBp > 100_000)
    throw roomInvalid(
      '中雷倍数须在0.1到10之间，最多两位小数',
      'the mine multiple is 0.1 to 10, at most 2 decimals',
    );
  const fee = patch.feeRate === undefined ? base?.feeBp : (parseBp(patch.feeRate, 100n) ?? -1);
  const feeBp = need(fee, undefined, '手续费比例', 'the fee');
  if (feeBp < 0 || feeBp > 5_000)
    throw roomInvalid(
      '手续费比例须在0到50（%）之间，最多两位小数',
      'the fee is 0 to 50 percent, at most 2 decimals',
    );
  const lifetimeSeconds = need(
    patch.lifetimeSeconds,
    base?.lifetimeSeconds,
    '红包有效期',
    'the packet lifetime',
  );
  if (lifetimeSeconds < 60 || lifetimeSeconds > 86_400)
    throw roomInvalid('红包有效期须在60到86400秒之间', 'the packet lifetime is 60 to 86400 seconds');
  return {
    name,
    nameEn: patch.nameEn === undefined ? (base?.nameEn ?? null) : patch.nameEn,
    minStakeMicro,
    maxStakeMicro,
    sharesMin,
    sharesMax,
    mineMultipleBp,
    feeBp,
    lifetimeSeconds,
    enabled: patch.enabled ?? base?.enabled ?? true,
    sort: patch.sort ?? base?.sort ?? 0,
  };
}

const settingsOf = (room: RoomRow): RoomSettings => ({
  name: room.name,
  nameEn: room.nameEn,
  minStakeMicro: room.minStakeMicro,
  maxStakeMicro: room.maxStakeMicro,
  sharesMin: room.sharesMin,
  sharesMax: room.sharesMax,
  mineMultipleBp: room.mineMultipleBp,
  feeBp: room.feeBp,
  lifetimeSeconds: room.lifetimeSeconds,
  enabled: room.enabled,
  sort: room.sort,
});

/** The room as the audit log shows it: money and ratios as text. */
const roomAudit = (s: RoomSettings) => ({
  name: s.name,
  name_en: s.nameEn,
  min_stake: usdt(s.minStakeMicro),
  max_stake: usdt(s.maxStakeMicro),
  shares_min: s.sharesMin,
  shares_max: s.sharesMax,
  mine_multiple: bpText(s.mineMultipleBp, 10_000),
  fee_rate: bpText(s.feeBp, 100),
  lifetime_seconds: s.lifetimeSeconds,
  enabled: s.enabled,
  sort: s.sort,
});

/** What the red-packets service is built with; the module's own dependencies extend it (index.ts). */
export interface RedPacketsDeps {
  db: Db;
  clock: Clock;
  wallet: RedPacketsLedger;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  directory: Pick<PlayerDirectory, 'usernamesOf' | 'playerIdByUsername'>;
  /** Told after commit of every send, grab and close (the live room); must not throw. */
  signal?: (s: RedPacketSignal) => void;
  /** Where a close that failed after the last grab is reported (the job closes it on its next tick). */
  log?: { warn(details: object, message: string): void };
}

export function createRedPacketsService(deps: RedPacketsDeps) {
  const { db, clock, wallet } = deps;
  const repo = createRedPacketsRepository(db);
  const signal = (s: RedPacketSignal) => {
    try {
      deps.signal?.(s);
    } catch {
      // A signal is a hint for live screens; losing one never touches money.
    }
  };

  /**
   * Usernames this process has seen. A username never changes once registered, so a name read once stays
   * right; a grab's answer names the sender and every grabber, and without this each answer would ask the
   * auth module for names it had just given.
   */
  const knownNames = new Map<number, string>();
  const remember = (playerId: number, name: string) => {
    if (knownNames.size >= NAMES_KEPT) knownNames.clear();
    knownNames.set(playerId, name);
  };
  async function namesOf(ids: number[]): Promise<Map<number, string>> {
    const missing = [...new Set(ids.filter((id) => !knownNames.has(id)))];
    if (missing.length)
      for (const [id, name] of await deps.directory.usernamesOf(missing)) remember(id, name);
    const names = new Map<number, string>();
    for (const id of ids) {
      const name = knownNames.get(id);
      if (name !== undefined) names.set(id, name);
    }
    return names;
  }

  /** A packet read with its grabs and room name (one statement) as its screens show it. */
  const named = async (seen: PacketWithGrabs): Promise<PacketView> => ({
    ...seen,
    names: await namesOf([seen.packet.senderId, ...seen.grabs.map((g) => g.playerId)]),
  });

  async function views(packets: PacketRow[]): Promise<PacketView[]> {
    if (packets.length === 0) return [];
    const grabs = await repo.grabsOf(packets.map((p) => p.id));
    const rooms = new Map((await repo.rooms({ enabledOnly: false })).map((r) => [r.id, r]));
    const names = await namesOf([...packets.map((p) => p.senderId), ...grabs.map((g) => g.playerId)]);
    return packets.map((packet) => ({
      packet,
      roomName: rooms.get(packet.roomId)?.name ?? '',
      roomNameEn: rooms.get(packet.roomId)?.nameEn ?? null,
      grabs: grabs.filter((g) => g.packetId === packet.id),
      names,
    }));
  }

  async function view(packetId: number): Promise<PacketView> {
    const seen = await repo.packetWithGrabs(packetId, false);
    if (!seen) throw new AppError('RED_PACKET_NOT_FOUND');
    return named(seen);
  }

  const reference = (packetId: number) => ({ type: 'red_packet', id: String(packetId) });
  const escrow = { system: SystemAccount.RED_PACKET_ESCROW } as const;
  /** A player's money going into the escrow for a packet (the sender's total, a grabber's mine hold). */
  const intoEscrow = (
    packetId: number,
    key: string,
    playerId: number,
    amountMicro: bigint,
    code: TransferCode,
  ) => ({
    key: `rp:${packetId}:${key}`,
    debit: { player: playerId },
    credit: escrow,
    amountMicro,
    code,
    reference: reference(packetId),
  });

  /**
   * Closes of this process, one at a time. Every close waits for the one close lock (RED_PACKET_CLOSE) anyway;
   * waiting here instead keeps all but one of this node's waiting closes off the pool, where each would hold
   * a connection for nothing (20 packets filling up together left half the pool waiting on that lock).
   */
  const closesInTurn = createKeyedQueue<0>();

  /**
   * Closes one packet if it is due: posts every movement, returns the unclaimed rest once, and reveals the
   * seed (the state change commits with the transfers). False when it was not open or not due.
   */
  async function closeOne(packetId: number, ledger: RedPacketsLedger = wallet): Promise<boolean> {
    const closed = await closesInTurn(0, () => closeInTransaction(packetId, ledger));
    if (closed) {
      spentPackets.delete(packetId);
      signal({ type: 'closed', roomId: closed.roomId, packetId: closed.id });
    }
    return closed !== null;
  }

  /** The close itself: the packet when this call closed it, null when it was not open or not due. */
  function closeInTransaction(packetId: number, ledger: RedPacketsLedger) {
    return retrying(() =>
      db.transaction(async (tx) => {
        const r = createRedPacketsRepository(tx);
        await r.lockCloses();
        const p = await r.lockPacket(packetId);
        if (!p || p.state !== RedPacketState.OPEN) return null;
        const now = clock.now();
        const full = p.grabbed >= p.shares;
        if (!full && p.expiresAt.getTime() > now.getTime()) return null;
        const ref = reference(p.id);
        const grabs = await r.grabsOf([p.id]);
        // Every movement of the close in two ledger calls, whatever the number of grabs: the holds resolved
        // (posted for a mine hit, voided otherwise), then the posted transfers out of the escrow. Each keeps its
        // own key, so a close retried after a crash (this transaction rolled back) or run twice posts nothing
        // twice; both calls are all or none with the state change below.
        await ledger.resolvesIn(
          tx,
          grabs
            .filter((g) => g.holdMicro > 0n)
            .map((g) => ({ key: `rp:${p.id}:mine:${g.seq}`, post: g.mineHit })),
        );
        const fromEscrow = (key: string, to: AccountRef, amountMicro: bigint, code: TransferCode) => ({
          key: `rp:${p.id}:${key}`,
          debit: escrow,
          credit: to,
          amountMicro,
          code,
          reference: ref,
        });
        const movements: TransferRequest[] = [];
        let paidOut = 0n;
        for (const g of grabs) {
          paidOut += g.shareMicro;
          movements.push(
            fromEscrow(`grab:${g.seq}`, { player: g.playerId }, g.shareMicro, TransferCode.RED_PACKET_GRAB),
          );
          if (g.holdMicro === 0n || !g.mineHit) continue;
          const fee = (g.holdMicro * BigInt(p.feeBp)) / BP;
          if (g.holdMicro - fee > 0n)
            movements.push(
              fromEscrow(
                `mine:${g.seq}:pay`,
                { player: p.senderId },
                g.holdMicro - fee,
                TransferCode.RED_PACKET_MINE,
              ),
            );
          if (fee > 0n)
            movements.push(
              fromEscrow(
                `mine:${g.seq}:fee`,
                { system: SystemAccount.HOUSE },
                fee,
                TransferCode.RED_PACKET_FEE,
              ),
            );
        }
        const refund = p.totalMicro - paidOut;
        if (refund > 0n)
          movements.push(
            fromEscrow('refund', { player: p.senderId }, refund, TransferCode.RED_PACKET_REFUND),
          );
        await ledger.transfersIn(tx, movements);
        await r.close(p.id, {
          closeReason: full ? RedPacketCloseReason.ALL_GRABBED : RedPacketCloseReason.EXPIRED,
          refundedMicro: refund,
          closedAt: now,
        });
        return p;
      }),
    );
  }

  const takeable = (p: PacketRow) => p.state === RedPacketState.OPEN && p.grabbed < p.shares;

  /**
   * The answer to a grab of a packet read closed or fully taken, from that read alone: its grabs are then all
   * there will ever be, so they hold the player's own earlier grab (a retried request) if there is one;
   * otherwise the refusal the locked path would give.
   */
  async function refuse(seen: PacketWithGrabs, playerId: number) {
    const earlier = seen.grabs.find((g) => g.playerId === playerId);
    if (earlier) return { view: await named(seen), grab: earlier, repeated: true };
    const p = seen.packet;
    if (p.senderId === playerId) throw new AppError('RED_PACKET_OWN');
    throw new AppError(p.state !== RedPacketState.OPEN ? 'RED_PACKET_CLOSED' : 'RED_PACKET_ALL_GRABBED');
  }

  /**
   * Grabs of one packet from this process, one at a time in the order they join. The packet's row lock stays the
   * rule between nodes (each node's head of queue waits there); the queue only keeps a node's other grabbers
   * off the pool, where each would hold a connection while waiting on the lock and starve every other request.
   */
  const grabsInTurn = createKeyedQueue<number>();
  /**
   * Per packet with grabs waiting in this node's queue: how many wait, and the packet as a grab in it last saw
   * it once no share was left. A count only grows and a closed packet never reopens, so every later waiter is
   * refused from that row without a read of its own; the entry goes when the last waiter has had its turn.
   */
  const queues = new Map<number, { waiting: number; spent: PacketWithGrabs | null }>();
  /**
   * The packets this node last saw with no share left, at most SPENT_PACKETS_REMEMBERED of them, oldest first:
   * their grabs are all there will ever be, so a later grab by anyone who is not among them is refused from here
   * without a read. A packet whose every share is taken closes moments later (its last grab closes it); until
   * then its late grabbers are told it is all taken, which stays true, and this node forgets the row when it
   * closes the packet itself, so its next grabber reads the closed row (with the seed) instead.
   */
  const spentPackets = new Map<number, PacketWithGrabs>();
  /**
   * The unlocked read of a packet no grab of this node is queued for, shared by the grabs that arrive while it
   * runs (a burst's first grabbers of a packet arrive together). Its row may predate a grab that joined it, which
   * is safe: an open row sends the grab to the locked read, and a spent row stays spent. Only "no such packet"
   * could be too old (the read may have begun before the packet's send committed), so a grab that joined a read
   * that found nothing reads again itself.
   */
  const firstReads = new Map<number, Promise<PacketWithGrabs | null>>();
  async function firstRead(packetId: number): Promise<PacketWithGrabs | null> {
    const running = firstReads.get(packetId);
    if (running) return (await running) ?? repo.packetWithGrabs(packetId, false);
    const read = repo.packetWithGrabs(packetId, false);
    firstReads.set(packetId, read);
    try {
      return await read;
    } finally {
      firstReads.delete(packetId);
    }
  }
  function rememberSpent(seen: PacketWithGrabs): PacketWithGrabs {
    spentPackets.delete(seen.packet.id);
    spentPackets.set(seen.packet.id, seen);
    if (spentPackets.size > SPENT_PACKETS_REMEMBERED) spentPackets.delete(spentPackets.keys().next().value!);
    return seen;
  }
  async function inTurn<T>(packetId: number, work: (queue: { spent: PacketWithGrabs | null }) => Promise<T>) {
    const queue = queues.get(packetId) ?? { waiting: 0, spent: null };
    queues.set(packetId, queue);
    queue.waiting += 1;
    try {
      return await grabsInTurn(packetId, () => work(queue));
    } finally {
      queue.waiting -= 1;
      if (queue.waiting === 0) queues.delete(packetId);
    }
  }

  /**
   * The locked part of a grab: takes the next place and its share, holding the mine payment if there is one.
   * A packet the locked row shows closed or fully taken comes back as `refused` (the caller answers it with
   * `refuse`, and its queue remembers the row), unless the player already holds a share of it.
   */
  function takeShare(playerId: number, packetId: number): Promise<Turn> {
    return db.transaction(async (tx): Promise<Turn> => {
      const r = createRedPacketsRepository(tx);
      const seen = await r.packetWithGrabs(packetId, true);
      if (!seen) throw new AppError('RED_PACKET_NOT_FOUND');
      const p = seen.packet;
      const mine = seen.grabs.find((g) => g.playerId === playerId);
      if (mine) return { seen, grab: mine, repeated: true };
      if (!takeable(p)) return { refused: seen };
      if (p.senderId === playerId) throw new AppError('RED_PACKET_OWN');
      if (p.expiresAt.getTime() <= clock.now().getTime()) throw new AppError('RED_PACKET_EXPIRED');
      const seq = p.grabbed + 1;
      const shareMicro = BigInt(p.split![seq - 1]!);
      const holdMicro = p.mineDigit === null ? 0n : p.minePaymentMicro;
      if (holdMicro > 0n) {
        await coveredOr(
          wallet.holdIn(
            tx,
            intoEscrow(p.id, `mine:${seq}`, playerId, holdMicro, TransferCode.RED_PACKET_MINE),
          ),
          () => new AppError('RED_PACKET_HOLD_INSUFFICIENT', { amount: usdt(holdMicro) }),
        );
      }
      const grab = await r.insertGrab({
        packetId: p.id,
        seq,
        playerId,
        shareMicro,
        mineHit: mineHit(shareMicro, p.mineDigit),
        holdMicro,
        createdAt: clock.now(),
      });
      return {
        seen: { ...seen, packet: { ...p, grabbed: seq }, grabs: [...seen.grabs, grab] },
        grab,
        repeated: false,
      };
    });
  }

  return {
    views,
    view,
    closeOne,

    /** The rooms players can send into, with their open packets. */
    async rooms() {
      const [rooms, open] = await Promise.all([repo.rooms({ enabledOnly: true }), repo.openCounts()]);
      return rooms.map((room) => ({ room, openPackets: open.get(room.id) ?? 0 }));
    },

    /** The newest packets of an enabled room. */
    async feed(roomId: number, size: number): Promise<PacketView[]> {
      const room = await repo.room(roomId);
      if (!room || !room.enabled) throw new AppError('RED_PACKET_ROOM_NOT_FOUND');
      return views(await repo.roomFeed(roomId, size));
    },

    async history(playerId: number, kind: 'sent' | 'grabbed', page: PageWindow) {
      const found =
        kind === 'sent' ? await repo.sentPage(playerId, page) : await repo.grabbedPage(playerId, page);
      return { rows: await views(found.rows), total: found.total };
    },

    async send(playerId: number, input: SendInput): Promise<PacketView> {
      const key = input.idempotencyKey.trim();
      if (!key) throw new AppError('RED_PACKET_REQUEST_ID_MISSING');
      const room = await repo.room(input.roomId);
      if (!room || !room.enabled) throw new AppError('RED_PACKET_ROOM_NOT_FOUND');
      const totalMicro = parseStake(input.total);
      if (totalMicro === null || totalMicro <= 0n) throw new AppError('RED_PACKET_TOTAL_FORMAT');
      if (totalMicro < room.minStakeMicro || totalMicro > room.maxStakeMicro)
        throw new AppError('RED_PACKET_TOTAL_OUT_OF_RANGE', {
          min: usdt(room.minStakeMicro),
          max: usdt(room.maxStakeMicro),
        });
      const sharesText = input.shares.trim();
      const shares = /^\d{1,2}$/.test(sharesText) ? Number(sharesText) : NaN;
      if (!(shares >= room.sharesMin && shares <= room.sharesMax))
        throw new AppError('RED_PACKET_SHARES_INVALID', { min: room.sharesMin, max: room.sharesMax });
      const mineText = input.mineDigit.trim();
      if (mineText !== '' && !/^[1-9]$/.test(mineText)) throw new AppError('RED_PACKET_MINE_DIGIT_INVALID');
      const mineDigit = mineText === '' ? null : Number(mineText);
      const clientSeed = input.clientSeed === '' ? randomBytes(8).toString('hex') : input.clientSeed;
      if (!checkClientSeed(clientSeed).ok) throw new AppError('RED_PACKET_CLIENT_SEED_INVALID');
      await deps.gate.assertMayPlay(playerId);

      const replay = async () => {
        const earlier = await repo.packetByKey(playerId, key);
        if (!earlier) return null;
        const same =
          earlier.roomId === room.id &&
          earlier.totalMicro === totalMicro &&
          earlier.shares === shares &&
          earlier.mineDigit === mineDigit &&
          (input.clientSeed === '' || earlier.clientSeed === input.clientSeed);
        if (!same) throw new AppError('RED_PACKET_REQUEST_CONFLICT');
        return view(earlier.id);
      };
      const earlier = await replay();
      if (earlier) return earlier;

      const minePaymentMicro = (totalMicro * BigInt(room.mineMultipleBp)) / BP;
      let packet: PacketRow;
      try {
        packet = await retrying(() =>
          db.transaction(async (tx: Tx) => {
            const r = createRedPacketsRepository(tx);
            const now = clock.now();
            const serverSeed = newServerSeed();
            const row = await r.insertPacket({
              roomId: room.id,
              senderId: playerId,
              idempotencyKey: key,
              totalMicro,
              shares,
              mineDigit,
              mineMultipleBp: room.mineMultipleBp,
              feeBp: room.feeBp,
              minePaymentMicro,
              serverSeed,
              serverSeedHash: redPacketSeedHash(serverSeed, nodeHash),
              clientSeed,
              expiresAt: new Date(now.getTime() + room.lifetimeSeconds * 1000),
              createdAt: now,
            });
            // The id is the nonce of the split, so the split is computed once the row has its id.
            const split = splitRedPacket(
              { serverSeed, clientSeed, packetId: row.id, totalMicro, shares },
              nodeHash,
            ).map(String);
            await r.setSplit(row.id, split);
            await coveredOr(
              wallet.transferIn(
                tx,
                intoEscrow(row.id, 'send', playerId, totalMicro, TransferCode.RED_PACKET_SEND),
              ),
              () => new AppError('RED_PACKET_SEND_INSUFFICIENT', { total: usdt(totalMicro) }),
            );
            return { ...row, split };
          }),
        );
      } catch (error) {
        // The same key raced in twice: the other request sent the packet; answer with it.
        if (pgErrorCode(error) === UNIQUE_VIOLATION) {
          const raced = await replay();
          if (raced) return raced;
        }
        throw error;
      }
      signal({ type: 'sent', roomId: packet.roomId, packetId: packet.id });
      return view(packet.id);
    },

    /**
     * Takes the next share of the packet for the player, in arrival order. A player who already grabbed it is
     * answered with their first grab (`repeated`), so a retried request never takes a second share.
     */
    async grab(playerId: number, packetId: number, checked?: CheckedGrabber) {
      // The route passes what its session check read of the grabber, so neither the gate nor the answer's
      // names read the player again.
      await deps.gate.assertMayPlay(playerId, checked);
      if (checked) remember(playerId, checked.username);
      // A packet's count only grows and a closed packet never reopens, so a row that showed no share left
      // refuses every later grab the locked read would refuse. A grab of a packet this node saw spent is
      // answered from that row: a refusal, or, once the row is closed and so final, the player's own grab for a
      // retried request (a retry of a packet remembered before its close reads the packet as it is now). A grab
      // that arrives while other grabs of the packet wait in this node's queue joins them without a read (the
      // queue's head reads the row locked, and once no share is left the rest are refused from that row). Only
      // the first grabs of a packet on this node read it unlocked first, so a spent packet's grabbers are
      // refused without queueing on its row.
      const remembered = spentPackets.get(packetId);
      if (
        remembered &&
        (remembered.packet.state === RedPacketState.CLOSED ||
          !remembered.grabs.some((g) => g.playerId === playerId))
      )
        return refuse(remembered, playerId);
      if (!queues.has(packetId)) {
        const seen = await firstRead(packetId);
        if (!seen) throw new AppError('RED_PACKET_NOT_FOUND');
        if (!takeable(seen.packet)) return refuse(rememberSpent(seen), playerId);
      }
      // The grabbers that arrive together wait in this process's queue, not on the row lock with a pooled
      // connection each. When its turn comes a grab goes straight to its transaction, whose locked read sees
      // what the previous one committed: one pool wait and no extra read per share on the packet's critical
      // path, which under a burst queues behind every other request's queries. Once a grab saw no share left,
      // those behind it are refused from that row without touching the database.
      const outcome = await inTurn(packetId, async (queue): Promise<Turn> => {
        if (queue.spent) return { refused: queue.spent };
        const taken = await retrying(() => takeShare(playerId, packetId));
        if ('refused' in taken) return { refused: (queue.spent = rememberSpent(taken.refused)) };
        if (!takeable(taken.seen.packet)) queue.spent = rememberSpent(taken.seen);
        return taken;
      });
      if ('refused' in outcome) return refuse(outcome.refused, playerId);
      const { seen: taken, grab, repeated } = outcome;
      const packet = taken.packet;
      if (!repeated) {
        signal({ type: 'grabbed', roomId: packet.roomId, packetId: packet.id });
        if (packet.grabbed >= packet.shares) {
          // The last share closes the packet at once; should this fail, the close job finds it due.
          await closeOne(packet.id).catch((error: unknown) =>
            deps.log?.warn(
              { err: String(error), packetId: packet.id },
              'red packet close after last grab failed',
            ),
          );
          // The answer shows the packet closed, with its seed, as a read after the close would.
          return { view: await view(packet.id), grab, repeated };
        }
      }
      // Otherwise the answer is the packet as this grab's locked read saw it, with this grab.
      return { view: await named(taken), grab, repeated };
    },

    /** Closes every packet that is due; the close job's tick. Returns how many it closed. */
    async closeDue(): Promise<number> {
      let closed = 0;
      for (const id of await repo.dueIds(clock.now(), CLOSE_BATCH)) if (await closeOne(id)) closed += 1;
      return closed;
    },

    // The console: rooms (audited changes) and packets (read only).

    adminRooms: async () => {
      const [rooms, open] = await Promise.all([repo.rooms({ enabledOnly: false }), repo.openCounts()]);
      return rooms.map((room) => ({ room, openPackets: open.get(room.id) ?? 0 }));
    },

    async createRoom(input: RoomPatchInput, audit: AuditWrite) {
      const settings = checkRoom(null, input);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const room = await createRedPacketsRepository(tx).insertRoom({
          ...settings,
          createdAt: now,
          updatedAt: now,
        });
        await audit(tx, { after: { id: room.id, ...roomAudit(settings) } });
        return room;
      });
    },

    async updateRoom(id: number, patch: RoomPatchInput, audit: AuditWrite) {
      return db.transaction(async (tx) => {
        const r = createRedPacketsRepository(tx);
        const before = await r.lockRoom(id);
        if (!before) throw new AppError('RED_PACKET_ROOM_NOT_FOUND');
        const settings = checkRoom(settingsOf(before), patch);
        const room = (await r.updateRoom(id, { ...settings, updatedAt: clock.now() }))!;
        await audit(tx, { before: roomAudit(settingsOf(before)), after: roomAudit(settings) });
        return room;
      });
    },

    async adminPackets(
      filter: { roomId?: number; state?: 'open' | 'closed'; player?: string },
      page: PageWindow,
    ) {
      let senderId: number | undefined;
      if (filter.player) {
        senderId = (await deps.directory.playerIdByUsername(filter.player)) ?? -1;
      }
      const state =
        filter.state === 'open'
          ? RedPacketState.OPEN
          : filter.state === 'closed'
            ? RedPacketState.CLOSED
            : undefined;
      const found = await repo.adminPage({ roomId: filter.roomId, state, senderId }, page);
      return { rows: await views(found.rows), total: found.total };
    },
  };
}

export type RedPacketsService = ReturnType<typeof createRedPacketsService>;
