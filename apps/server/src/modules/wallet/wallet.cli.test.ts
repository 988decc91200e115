import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createWalletTestDatabase } from '../../../test/wallet';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { walletCommands } from './wallet.cli';
import type { WalletService } from './wallet.service';
import { createPlayers, deposit, holdWithdrawal } from './wallet.fixtures';

let database: Database;
let wallet: WalletService;

beforeAll(async () => ({ database, wallet } = await createWalletTestDatabase()));
afterAll(() => database?.close());

async function run(name: string, options: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = await walletCommands[name]!.run({
    config: testConfig(),
    database,
    options,
    out: (l) => lines.push(l),
  });
  return { code, output: lines.join('\n') };
}

async function usernameOf(playerId: number) {
  const rows = await database.db.execute(sql`select username from players where id = ${playerId}`);
  return (rows as unknown as { rows: { username: string }[] }).rows[0]!.username;
}

describe('ledger commands', () => {
  it('adjusts a balance with an audit record, and refuses bad input with a clear message', async () => {
    const [playerId] = await createPlayers(database.db, wallet, 1);
    const player = await usernameOf(playerId!);
    const ok = await run('ledger:adjust', {
      player,
      amount: '25.5',
      reason: 'compensation #12',
      operator: 'alice',
    });
    expect(ok.code).toBe(0);
    expect(ok.output).toMatch(
      /adjusted: .* 25\.5 USDT.*balance after 25\.500000, by alice: compensation #12/,
    );
    const audit = await database.db.execute(
      sql`select operator, reason, amount_micro::text a from ledger_adjustments where player_id = ${playerId}`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { operator: 'alice', reason: 'compensation #12', a: '25500000' },
    ]);

    const bad = await run('ledger:adjust', { player, amount: '1.1234567', reason: 'x' });
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/at most 6 decimals/);
    expect((await run('ledger:adjust', { player })).code).toBe(2);
    const logged = await database.db.execute(
      sql`select operator_username, reason from operator_audit where action = 'ledger.adjust' and target_id = ${String(playerId)}`,
    );
    expect((logged as unknown as { rows: unknown[] }).rows).toEqual([
      { operator_username: 'cli:alice', reason: 'compensation #12' },
    ]);
    expect(await wallet.displayBalance(playerId!)).toBe('25.5000');
  });

  it('verifies a sound ledger, then names each violation of a tampered one and exits non-zero', async () => {
    const [playerId] = await createPlayers(database.db, wallet, 1);
    await deposit(wallet, playerId!, '10');
    const sound = await run('ledger:verify');
    expect(sound.code).toBe(0);
    expect(sound.output).toMatch(/ledger:verify ok/);

    // Money from nothing: a stored balance that no transfer or entry explains.
    await database.db.execute(
      sql`update ledger_accounts set credits_posted_micro = credits_posted_micro + 1 where player_id = ${playerId}`,
    );
    const broken = await run('ledger:verify');
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/VIOLATION SUMS_TO_ZERO/);
    expect(broken.output).toMatch(/VIOLATION STORED_EQUALS_TRANSFERS: player/);
    expect(broken.output).toMatch(/VIOLATION STORED_EQUALS_ENTRIES: player/);
    await database.db.execute(
      sql`update ledger_accounts set credits_posted_micro = credits_posted_micro - 1 where player_id = ${playerId}`,
    );
    expect((await run('ledger:verify')).code).toBe(0);
  });

  it('refuses to rewrite or delete ledger history', async () => {
    const [playerId] = await createPlayers(database.db, wallet, 1);
    const dep = await deposit(wallet, playerId!, '1');
    const attempt = (query: ReturnType<typeof sql>) =>
      database.db.execute(query).then(
        () => 'accepted',
        (e: unknown) => String((e as { cause?: { message?: string } }).cause?.message ?? e),
      );
    expect(
      await attempt(sql`update ledger_transfers set amount_micro = 2 where id = ${dep.id}::bigint`),
    ).toMatch(/append-only/);
    expect(await attempt(sql`delete from ledger_transfers where id = ${dep.id}::bigint`)).toMatch(
      /append-only/,
    );
    expect(
      await attempt(sql`update ledger_entries set amount_micro = 0 where transfer_id = ${dep.id}::bigint`),
    ).toMatch(/append-only/);
    expect(await attempt(sql`delete from ledger_entries where transfer_id = ${dep.id}::bigint`)).toMatch(
      /append-only/,
    );
    expect(await attempt(sql`truncate ledger_entries`)).toMatch(/append-only/);
    expect(await wallet.verify()).toEqual([]);
  });

  it('voids expired holds from the command line', async () => {
    const [playerId] = await createPlayers(database.db, wallet, 1);
    await deposit(wallet, playerId!, '2');
    // The command uses the real clock, so the hold is made already expired.
    await holdWithdrawal(wallet, playerId!, '2', `expired:${playerId}`, -1000);
    expect(await wallet.displayBalance(playerId!)).toBe('0.0000');
    const result = await run('ledger:void-expired');
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/voided [1-9]\d* expired/);
    expect(await wallet.displayBalance(playerId!)).toBe('2.0000');
  });
});
