import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { queryRows, type Database } from '../../db/client';
import { seedCatalogue } from './catalogue.seed';
import { assertPlayable } from './playable';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db);
});
afterAll(async () => {
  await database?.close();
});

/*
 * "May this game be played now" has one rule and two readers: assertPlayable (TypeScript, on a row the games
 * module already read, answering each refusal with its own message) and koi_game_playable (SQL, inlined into the
 * seamless wallet's bet statement, where a round trip to ask the TypeScript would cost the hot path a statement).
 * This test pins them together: for every combination of the game's switch, its provider's switch and every
 * status, both answer the same, and an unknown game is refused by both.
 */
describe('the playable rule', () => {
  it('assertPlayable and koi_game_playable agree on every switch and status', async () => {
    const [game] = await queryRows<{ provider: number; code: string }>(
      database.db,
      sql`select plat_type_id as provider, game_code as code from games order by id limit 1`,
    );
    const cases: string[] = [];
    for (const enabled of [true, false]) {
      for (const providerEnabled of [true, false]) {
        for (const status of [1, 2, 3, 4, 9]) {
          await database.db.execute(sql`update games set enabled = ${enabled}, status = ${status}
            where plat_type_id = ${game!.provider} and game_code = ${game!.code}`);
          await database.db.execute(
            sql`update game_providers set enabled = ${providerEnabled} where id = ${game!.provider}`,
          );
          const [row] = await queryRows<{ playable: boolean }>(
            database.db,
            sql`select r_playable as playable from koi_game_playable(${game!.provider}::int, ${game!.code}::text)`,
          );
          const ts = isPlayable({ enabled, providerEnabled, status });
          cases.push(`${enabled} ${providerEnabled} ${status}: ${ts}`);
          expect(row?.playable, `enabled ${enabled}, provider ${providerEnabled}, status ${status}`).toBe(ts);
        }
      }
    }
    expect(cases.filter((c) => c.endsWith('true'))).toEqual(['true true 1: true']);
    expect(isPlayable(null)).toBe(false);
    expect(
      await queryRows(
        database.db,
        sql`select * from koi_game_playable(${game!.provider}::int, 'no-such-game')`,
      ),
    ).toEqual([]);
  });
});

function isPlayable(game: { enabled: boolean; providerEnabled: boolean; status: number } | null): boolean {
  try {
    assertPlayable(game);
    return true;
  } catch {
    return false;
  }
}
