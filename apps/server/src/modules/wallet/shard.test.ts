import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { queryRows, type Database } from '../../db/client';
import { playerShard } from './wallet.service';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/*
 * The shard a player's transfers prefer is one rule with two readers, playerShard (the wallet service, before
 * its statement) and koi_ledger_player_shard (SQL that moves a player's money inside its own statement). This
 * test pins them together over players and shard counts.
 */
describe('the player shard rule', () => {
  it('playerShard and koi_ledger_player_shard agree', async () => {
    const rows = await queryRows<{ player: number; shards: number; shard: number }>(
      database.db,
      sql`select p::int as player, n as shards, koi_ledger_player_shard(p, n) as shard
          from generate_series(1::bigint, 40::bigint) p, generate_series(1, 9) n`,
    );
    expect(rows).toHaveLength(360);
    for (const r of rows)
      expect(r.shard, `player ${r.player}, ${r.shards} shards`).toBe(playerShard(r.player, r.shards));
  });
});
