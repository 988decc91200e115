import { and, eq, isNull } from 'drizzle-orm';
import { countRows, type DbOrTx } from '../../db/client';
import { redPacketRooms } from './redpackets.schema';

/**
 * Two demo rooms (SEED_DEMO), inserted only into an empty table so an operator's rooms are never touched: a
 * small room at the usual terms of the game (1× the total on a mine hit, 5 % fee) and a bigger one at 1.8×.
 */
export const DEMO_RED_PACKET_ROOMS = [
  {
    name: '新手房 1–100 USDT',
    nameEn: 'Starter Room 1–100 USDT',
    minStakeMicro: 1_000_000n,
    maxStakeMicro: 100_000_000n,
    sharesMin: 5,
    sharesMax: 10,
    mineMultipleBp: 10_000,
    feeBp: 500,
    lifetimeSeconds: 300,
    sort: 1,
  },
  {
    name: '高倍房 10–1000 USDT',
    nameEn: 'High Stakes Room 10–1000 USDT',
    minStakeMicro: 10_000_000n,
    maxStakeMicro: 1_000_000_000n,
    sharesMin: 5,
    sharesMax: 7,
    mineMultipleBp: 18_000,
    feeBp: 500,
    lifetimeSeconds: 600,
    sort: 2,
  },
];

/**
 * Runs inside the demo seed's transaction, under its advisory lock, so two nodes never both insert. A demo
 * room with no English name yet (one seeded before there was the column) is given ours, matched by its
 * Chinese name, so an English name an operator gave, or a room an operator renamed, is left alone.
 */
export async function seedRedPacketRooms(db: DbOrTx): Promise<void> {
  if ((await countRows(db, redPacketRooms)) === 0) {
    await db.insert(redPacketRooms).values(DEMO_RED_PACKET_ROOMS);
    return;
  }
  for (const room of DEMO_RED_PACKET_ROOMS) {
    await db
      .update(redPacketRooms)
      .set({ nameEn: room.nameEn })
      .where(and(eq(redPacketRooms.name, room.name), isNull(redPacketRooms.nameEn)));
  }
}
