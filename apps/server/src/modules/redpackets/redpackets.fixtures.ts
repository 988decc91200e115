import { createHash, createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createPlayerDirectory, createPlayerGate } from '../auth';
import { createPlayers, deposit as ledgerDeposit } from '../wallet/wallet.fixtures';
import type { WalletService } from '../wallet';
import { createRedPacketsRepository } from './redpackets.repository';
import {
  checkRoom,
  createRedPacketsService,
  type RedPacketsLedger,
  type RoomPatchInput,
} from './redpackets.service';

/**
 * A red-packet service on a test database with its own manual clock, players inserted directly and funded
 * through the ledger, and readers for balances and the escrow.
 */
export function redPacketsHarness(database: Database, wallet: WalletService) {
  const clock = manualClock(new Date());
  const db = database.db;
  const build = (ledger: RedPacketsLedger = wallet) =>
    createRedPacketsService({
      db,
      clock,
      wallet: ledger,
      gate: createPlayerGate(db, clock),
      directory: createPlayerDirectory(db),
    });
  const service = build();

  async function room(patch: RoomPatchInput = {}) {
    const settings = checkRoom(null, {
      name: 'test room',
      minStake: '1',
      maxStake: '1000',
      sharesMin: 5,
      sharesMax: 10,
      mineMultiple: '1.8',
      feeRate: '5',
      lifetimeSeconds: 300,
      ...patch,
    });
    return createRedPacketsRepository(db).insertRoom({
      ...settings,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
  }

  async function players(count: number, fund?: string): Promise<number[]> {
    const ids = await createPlayers(db, wallet, count);
    if (fund) await Promise.all(ids.map((id) => deposit(id, fund)));
    return ids;
  }

  const deposit = (playerId: number, amount: string) => ledgerDeposit(wallet, playerId, amount);

  async function balance(playerId: number) {
    const [b] = await wallet.balancesOf(playerId);
    return { posted: b?.postedMicro ?? 0n, held: b?.heldMicro ?? 0n, available: b?.availableMicro ?? 0n };
  }

  async function systemTotal(account: string): Promise<bigint> {
    const rows = await queryRows<{ t: string }>(
      db,
      sql`select coalesce(sum(credits_posted_micro - debits_posted_micro), 0)::text t
          from ledger_accounts where system_code = ${account}`,
    );
    return BigInt(rows[0]!.t);
  }

  const send = (playerId: number, roomId: number, fields: Partial<Parameters<typeof service.send>[1]> = {}) =>
    service.send(playerId, {
      roomId,
      total: '10',
      shares: '5',
      mineDigit: '',
      clientSeed: 'test-seed',
      idempotencyKey: randomUUID(),
      ...fields,
    });

  return { clock, service, build, room, players, deposit, balance, systemTotal, send };
}

/**
 * The split, written again from the formula published on /redRule, without @koi/fair: node:crypto's HMAC,
 * the 4-byte floats read as integers, and a different way of finding the (r + 1)-th free slot (a fixpoint on
 * "slots up to s minus bars up to s"), so a mistake in the package's code is not repeated here.
 */
export function independentSplit(
  serverSeed: string,
  clientSeed: string,
  packetId: number,
  total: bigint,
  n: number,
) {
  const MIN = 10_000n;
  const slots = total - BigInt(n) * MIN + BigInt(n) - 1n;
  const bytes: number[] = [];
  for (let round = 0; bytes.length < (n - 1) * 8; round++) {
    bytes.push(...createHmac('sha256', serverSeed).update(`${clientSeed}:${packetId}:${round}`).digest());
  }
  const word = (i: number) =>
    BigInt(
      bytes[4 * i]! * 2 ** 24 + bytes[4 * i + 1]! * 2 ** 16 + bytes[4 * i + 2]! * 2 ** 8 + bytes[4 * i + 3]!,
    );
  const bars: bigint[] = [];
  for (let i = 0; i < n - 1; i++) {
    const u = (word(2 * i) << 32n) + word(2 * i + 1);
    const rank = (u * (slots - BigInt(i))) / 2n ** 64n + 1n;
    let s = rank;
    for (;;) {
      const below = BigInt(bars.filter((b) => b <= s).length);
      if (s - below === rank && !bars.includes(s)) break;
      s = rank + below;
    }
    bars.push(s);
  }
  const cuts = [0n, ...bars.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), slots + 1n];
  return cuts.slice(1).map((c, k) => MIN + c - cuts[k]! - 1n);
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The terms of a valid room as the console's form sends them; a test adds the name and what it varies. */
export const ROOM_TERMS = {
  min_stake: '1',
  max_stake: '50',
  shares_min: 5,
  shares_max: 8,
  mine_multiple: '1.5',
  fee_rate: '2.5',
  lifetime_seconds: 120,
};
