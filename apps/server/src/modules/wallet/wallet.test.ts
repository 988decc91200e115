import { beforeAll, describe, expect, it } from 'vitest';
import { SystemAccount, TransferCode, TransferState, toMicro } from '@koi/ledger';
import { AppError } from '../../errors';
import { body, postForm, signUp, useTestApp } from '../../../test/app';
import { createPlayerDirectory } from '../auth';
import { createWalletService, type WalletService } from './wallet.service';
import { bet, createPlayers, deposit, freshKey, fromPlayer, holdWithdrawal } from './wallet.fixtures';

const t = useTestApp();
let wallet: WalletService;

beforeAll(async () => {
  wallet = createWalletService({ db: t.database.db, clock: t.clock });
});

/** The id of a player signed up through the API (the wallet keeps money by player id). */
async function idOf(username: string): Promise<number> {
  const id = await createPlayerDirectory(t.database.db).playerIdByUsername(username);
  if (id === null) throw new Error(`no player ${username}`);
  return id;
}

/** Credits a player signed up through the API by an operator's adjustment, as the tests' starting money. */
async function seed(username: string, amount: string) {
  await wallet.adjust({ playerId: await idOf(username), amount, reason: 'seed', operator: 'test' });
}

/** The balance the player app shows (`/api/plat/info`), as its decimal string. */
async function balanceShown(auth: Record<string, string>) {
  const info = await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: auth });
  return body<{ balance: string }>(info).result.balance;
}

async function expectAppError(promise: Promise<unknown>, key: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).key).toBe(key);
}

describe('wallet service', () => {
  it('moves money from clearing to a player and back to the house, keeping every invariant', async () => {
    const [player] = await createPlayers(t.database.db, wallet, 1);
    const dep = await deposit(wallet, player!, '100');
    expect(dep.created).toBe(true);
    expect(dep.creditBalanceAfterMicro).toBe(toMicro('100'));
    const b = await bet(wallet, player!, '30.5');
    expect(b.debitBalanceAfterMicro).toBe(toMicro('69.5'));
    expect(await wallet.displayBalance(player!)).toBe('69.5000');
    expect(await wallet.verify()).toEqual([]);
  });

  it('refuses a bet the balance does not cover, and writes nothing', async () => {
    const [player] = await createPlayers(t.database.db, wallet, 1);
    await deposit(wallet, player!, '5');
    const before = await wallet.counts();
    await expectAppError(bet(wallet, player!, '5.000001'), 'INSUFFICIENT_BALANCE');
    expect(await wallet.counts()).toEqual(before);
    expect(await wallet.displayBalance(player!)).toBe('5.0000');
  });

  it('answers a retried key with the first result and refuses the key with another payload', async () => {
    const [player] = await createPlayers(t.database.db, wallet, 1);
    const key = freshKey();
    const first = await deposit(wallet, player!, '10', key);
    const again = await deposit(wallet, player!, '10', key);
    expect(again).toEqual({ ...first, created: false });
    await expectAppError(deposit(wallet, player!, '11', key), 'IDEMPOTENCY_CONFLICT');
    expect(await wallet.displayBalance(player!)).toBe('10.0000');
  });

  it("posts many transfers inside the caller's transaction in one call, all of them or none", async () => {
    const [a, b, poor] = await createPlayers(t.database.db, wallet, 3);
    await deposit(wallet, poor!, '1');
    const pay = (player: number, amount: string, key = freshKey('pay')) => ({
      key,
      debit: { system: SystemAccount.COMMISSION_EXPENSE },
      credit: { player },
      amountMicro: toMicro(amount),
      code: TransferCode.COMMISSION,
    });
    const batch = [pay(a!, '1.5'), pay(b!, '2')];
    const paid = await t.database.db.transaction((tx) => wallet.transfersIn(tx, batch));
    expect(paid.map((r) => [r.created, r.creditBalanceAfterMicro])).toEqual([
      [true, toMicro('1.5')],
      [true, toMicro('2')],
    ]);
    // The same keys again move nothing.
    const again = await t.database.db.transaction((tx) => wallet.transfersIn(tx, batch));
    expect(again.map((r) => r.created)).toEqual([false, false]);
    expect(await wallet.displayBalance(a!)).toBe('1.5000');

    // One element the balance does not cover: the error is thrown and its neighbour is not written either.
    const before = await wallet.counts();
    await expectAppError(
      t.database.db.transaction((tx) =>
        wallet.transfersIn(tx, [
          pay(b!, '3'),
          fromPlayer(poor!, '1.000001', SystemAccount.HOUSE, TransferCode.BET),
        ]),
      ),
      'INSUFFICIENT_BALANCE',
    );
    expect(await wallet.counts()).toEqual(before);
    expect(await wallet.displayBalance(b!)).toBe('2.0000');
    expect(await wallet.verify()).toEqual([]);
  });

  it('holds, then posts a withdrawal once; a second resolution is refused or repeated', async () => {
    const [player] = await createPlayers(t.database.db, wallet, 1);
    await deposit(wallet, player!, '50');
    const key = freshKey('wd');
    const hold = await holdWithdrawal(wallet, player!, '20', key);
    expect(hold.state).toBe(TransferState.PENDING);
    const [balance] = await wallet.balancesOf(player!);
    expect(balance).toMatchObject({
      availableMicro: toMicro('30'),
      heldMicro: toMicro('20'),
      postedMicro: toMicro('50'),
    });
    // The held money cannot be bet.
    await expectAppError(bet(wallet, player!, '31'), 'INSUFFICIENT_BALANCE');
    const posted = await wallet.post(key);
    expect(posted).toMatchObject({
      created: true,
      state: TransferState.PENDING_POSTED,
      debitBalanceAfterMicro: toMicro('30'),
    });
    expect((await wallet.post(key)).created).toBe(false);
    await expectAppError(wallet.void(key), 'TRANSFER_ALREADY_RESOLVED');
    const [after] = await wallet.balancesOf(player!);
    expect(after).toMatchObject({ availableMicro: toMicro('30'), heldMicro: 0n, postedMicro: toMicro('30') });
    expect(await wallet.verify()).toEqual([]);
  });

  it('voids a hold and returns the money; unknown and single-phase keys cannot be resolved', async () => {
    const [player] = await createPlayers(t.database.db, wallet, 1);
    const dep = await deposit(wallet, player!, '8');
    const key = freshKey('wd');
    await holdWithdrawal(wallet, player!, '8', key);
    expect(await wallet.displayBalance(player!)).toBe('0.0000');
    await wallet.void(key);
    expect(await wallet.displayBalance(player!)).toBe('8.0000');
    await expectAppError(wallet.post(key), 'TRANSFER_ALREADY_RESOLVED');
    await expectAppError(wallet.post('no-such-key'), 'TRANSFER_NOT_FOUND');
    await expectAppError(wallet.post(dep.key), 'TRANSFER_NOT_PENDING');
  });

  it("posts and voids many holds inside the caller's transaction in one call, all of them or none", async () => {
    const [a, b] = await createPlayers(t.database.db, wallet, 2);
    await deposit(wallet, a!, '10');
    await deposit(wallet, b!, '10');
    const [holdA, holdB, spare] = [freshKey('hold'), freshKey('hold'), freshKey('hold')];
    await holdWithdrawal(wallet, a!, '4', holdA);
    await holdWithdrawal(wallet, b!, '6', holdB);
    await holdWithdrawal(wallet, b!, '1', spare);
    const decisions = [
      { key: holdA, post: true },
      { key: holdB, post: false },
    ];
    const resolved = await t.database.db.transaction((tx) => wallet.resolvesIn(tx, decisions));
    expect(resolved.map((r) => [r.key, r.created, r.state])).toEqual([
      [holdA, true, TransferState.PENDING_POSTED],
      [holdB, true, TransferState.PENDING_VOIDED],
    ]);
    expect(await wallet.displayBalance(a!)).toBe('6.0000');
    expect(await wallet.displayBalance(b!)).toBe('9.0000');
    // The same decisions again (a retried close) move nothing.
    const again = await t.database.db.transaction((tx) => wallet.resolvesIn(tx, decisions));
    expect(again.map((r) => r.created)).toEqual([false, false]);

    // One element refused (the opposite resolution, or a key never held): its neighbour is not written either.
    const before = await wallet.counts();
    for (const refused of [
      [{ key: spare, post: true }, { key: holdA, post: false }, 'TRANSFER_ALREADY_RESOLVED'],
      [{ key: spare, post: true }, { key: freshKey('none'), post: true }, 'TRANSFER_NOT_FOUND'],
    ] as const) {
      await expectAppError(
        t.database.db.transaction((tx) => wallet.resolvesIn(tx, [refused[0], refused[1]])),
        refused[2],
      );
    }
    expect(await wallet.counts()).toEqual(before);
    expect(await wallet.displayBalance(b!)).toBe('9.0000');
    expect(await t.database.db.transaction((tx) => wallet.resolvesIn(tx, []))).toEqual([]);
    await wallet.void(spare);
    expect(await wallet.verify()).toEqual([]);
  });

  it('voids expired holds in the sweep', async () => {
    const [player] = await createPlayers(t.database.db, wallet, 1);
    await deposit(wallet, player!, '3');
    await holdWithdrawal(wallet, player!, '3', freshKey('wd'), 60_000);
    expect(await wallet.voidExpired()).toBe(0);
    t.clock.advance(61_000);
    expect(await wallet.voidExpired()).toBeGreaterThanOrEqual(1);
    expect(await wallet.displayBalance(player!)).toBe('3.0000');
  });

  it('applies a linked batch all or nothing', async () => {
    const [a, b] = await createPlayers(t.database.db, wallet, 2);
    await deposit(wallet, a!, '10');
    const before = await wallet.counts();
    const batch = (amount: string) =>
      [
        {
          key: freshKey('l'),
          debit: { player: a! },
          credit: { system: SystemAccount.HOUSE },
          amountMicro: toMicro('4'),
          code: TransferCode.BET,
        },
        {
          key: freshKey('l'),
          debit: { player: a! },
          credit: { player: b! },
          amountMicro: toMicro(amount),
          code: TransferCode.ADJUSTMENT,
        },
      ] as const;
    await expectAppError(wallet.transferLinked([...batch('7')]), 'INSUFFICIENT_BALANCE');
    expect(await wallet.counts()).toEqual(before);
    expect(await wallet.displayBalance(a!)).toBe('10.0000');
    const results = await wallet.transferLinked([...batch('6')]);
    expect(results.map((r) => r.created)).toEqual([true, true]);
    expect(await wallet.displayBalance(a!)).toBe('0.0000');
    expect(await wallet.displayBalance(b!)).toBe('6.0000');
    expect(await wallet.verify()).toEqual([]);
  });

  it.each([
    ['0', /greater than 0/],
    ['-1', /negative/],
    ['1.0000001', /6 decimals/],
    ['99999999999999', /too large/],
    ['abc', /decimal number/],
    ['1e5', /decimal number/],
  ])('refuses the adjustment amount %j with a clear message and writes nothing', async (amount, message) => {
    const { username } = await signUp(t.app);
    const before = await wallet.counts();
    const error = await wallet
      .adjust({
        playerId: await idOf(username),
        amount: amount === '-1' ? '--1' : amount,
        reason: 'test',
        operator: 'tester',
      })
      .catch((e: unknown) => e as AppError);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('AMOUNT_INVALID');
    expect((error as AppError).message).toMatch(message);
    expect(await wallet.counts()).toEqual(before);
  });

  it('refuses non-positive and oversized amounts at the service, before any SQL', async () => {
    const [player] = await createPlayers(t.database.db, wallet, 1);
    const req = (amountMicro: bigint) =>
      wallet.transfer({
        key: freshKey(),
        debit: { system: SystemAccount.DEPOSIT_CLEARING },
        credit: { player: player! },
        amountMicro,
        code: TransferCode.DEPOSIT,
      });
    const before = await wallet.counts();
    await expectAppError(req(0n), 'AMOUNT_INVALID');
    await expectAppError(req(-5n), 'AMOUNT_INVALID');
    await expectAppError(req(10n ** 18n), 'AMOUNT_INVALID');
    expect(await wallet.counts()).toEqual(before);
  });

  it('records an audited operator adjustment in both directions', async () => {
    const { username } = await signUp(t.app);
    const up = await wallet.adjust({
      playerId: await idOf(username),
      amount: '12.5',
      reason: 'goodwill',
      operator: 'ops',
    });
    expect(up.created).toBe(true);
    const down = await wallet.adjust({
      playerId: await idOf(username),
      amount: '-2.5',
      reason: 'correction',
      operator: 'ops',
    });
    expect(down.debitBalanceAfterMicro).toBe(toMicro('10'));
    await expectAppError(
      wallet.adjust({ playerId: 999_999_999, amount: '1', reason: 'x', operator: 'ops' }),
      'PLAYER_NOT_FOUND',
    );
    await expectAppError(
      wallet.adjust({ playerId: await idOf(username), amount: '-11', reason: 'x', operator: 'ops' }),
      'INSUFFICIENT_BALANCE',
    );
  });
});

describe('wallet API', () => {
  it('documents the wallet endpoints and their parameters in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    expect(Object.keys(doc.paths['/api/plat/bill-change'] ?? {})).toContain('post');
    const params = doc.paths['/api/user/list/balance']?.get?.parameters?.map((p) => p.name);
    expect(params).toContain('currency');
  });

  it('opens the wallet at registration and shows the balance in plat/info, list/balance and bill-change', async () => {
    const player = await signUp(t.app);
    expect(await balanceShown(player.auth)).toBe('0.0000');

    await seed(player.username, '10.123456');
    expect(await balanceShown(player.auth)).toBe('10.1234');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/list/balance?currency=USDT',
      headers: player.auth,
    });
    expect(body(list).result).toEqual([
      { currency: 'USDT', balance: '10.1234', frozen: '0.0000', total: '10.1234' },
    ]);

    const bills = await postForm(t.app, '/api/plat/bill-change', { page: 1, size: 10, time: 2 }, player.auth);
    const result = body<{ list: { amount: string; balance_after: string; type: number }[]; total: number }>(
      bills,
    );
    expect(result.code).toBe(200);
    expect(result.result.total).toBe(1);
    expect(result.result.list[0]).toMatchObject({
      amount: '+10.123456',
      balance_after: '10.1234',
      type: TransferCode.ADJUSTMENT,
    });
  });

  it('names account-change types and error reasons in the language of the request', async () => {
    const player = await signUp(t.app);
    await seed(player.username, '10');
    const bills = (language?: string) =>
      postForm(
        t.app,
        '/api/plat/bill-change',
        { page: 1, size: 10 },
        { ...player.auth, ...(language ? { 'accept-language': language } : {}) },
      );
    type Bills = { list: { type_name: string }[] };
    expect(body<Bills>(await bills()).result.list.map((e) => e.type_name)).toEqual(['人工调整']);
    expect(body<Bills>(await bills('en-GB,en;q=0.9')).result.list.map((e) => e.type_name)).toEqual([
      'Manual adjustment',
    ]);

    // A reason the server words itself (here the original's parameter check) follows the language too.
    const betWith = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/originals/limbo/bet',
        headers: { ...player.auth, ...(language ? { 'accept-language': language } : {}) },
        payload: { amount: '1', target: '2', direction: 'over', idempotency_key: freshKey() },
      });
    const zh = body(await betWith());
    const en = body(await betWith('en'));
    expect(zh.error?.message).toBe('下注参数不正确：limbo 不使用参数 direction');
    expect(en.error?.message).toBe('Invalid bet: limbo takes no parameter direction');
    expect(await balanceShown(player.auth)).toBe('10.0000');
  });

  it('shows a hold’s row as it stands now: frozen while pending, then completed or returned', async () => {
    const player = await signUp(t.app);
    const playerId = await idOf(player.username);
    await wallet.adjust({ playerId, amount: '100', reason: 'seed', operator: 'test' });
    const paid = freshKey('wd');
    const returned = freshKey('wd');
    const waiting = freshKey('wd');
    await holdWithdrawal(wallet, playerId, '10', paid);
    await holdWithdrawal(wallet, playerId, '20', returned);
    await holdWithdrawal(wallet, playerId, '30', waiting);
    await wallet.post(paid);
    await wallet.void(returned);

    const list = body<{ list: { phase: string; state?: string; amount: string }[] }>(
      await postForm(t.app, '/api/plat/bill-change', { type: TransferCode.WITHDRAWAL }, player.auth),
    ).result.list;
    const holds = list.filter((e) => e.phase === 'hold');
    expect(Object.fromEntries(holds.map((e) => [e.amount, e.state]))).toEqual({
      '-10.000000': 'completed',
      '-20.000000': 'returned',
      '-30.000000': 'pending',
    });
    // The return is its own row; rows that are not holds carry no state.
    expect(list.find((e) => e.phase === 'void')).toMatchObject({ amount: '+20.000000' });
    expect(list.filter((e) => e.phase !== 'hold').every((e) => e.state === undefined)).toBe(true);
  });

  it('pages and filters account changes by type and time range, scoped to the player', async () => {
    const player = await signUp(t.app);
    const other = await signUp(t.app);
    await seed(player.username, '100');
    await seed(other.username, '100');
    expect(await balanceShown(player.auth)).toBe('100.0000');
    const ids = await t.database.db.execute(
      // The player id through the API is not exposed; find it by username for the service calls.
      (await import('drizzle-orm')).sql`select id from players where username = ${player.username}`,
    );
    const playerId = Number((ids as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
    for (let i = 0; i < 5; i += 1) await bet(wallet, playerId, '1');

    const call = (fields: Record<string, string | number>, auth = player.auth) =>
      postForm(t.app, '/api/plat/bill-change', fields, auth);
    const page1 = body<{ list: { amount: string; balance_after: string }[]; total: number }>(
      await call({ type: TransferCode.BET, page: 1, size: 2 }),
    );
    expect(page1.result.total).toBe(5);
    expect(page1.result.list.map((e) => e.balance_after)).toEqual(['95.0000', '96.0000']);
    expect(page1.result.list[0]!.amount).toBe('-1.000000');
    const page3 = body<{ list: unknown[] }>(await call({ type: TransferCode.BET, page: 3, size: 2 }));
    expect(page3.result.list).toHaveLength(1);
    expect(body<{ total: number }>(await call({ time: 3 })).result.total).toBe(6);
    expect(body<{ total: number }>(await call({ time: 1 })).result.total).toBe(0);
    t.clock.advance(86_400_000);
    expect(body<{ total: number }>(await call({ time: 1 })).result.total).toBe(6);
    expect(body<{ total: number }>(await call({ time: 2 })).result.total).toBe(0);
    t.clock.advance(-86_400_000);
    expect(body<{ total: number }>(await call({}, other.auth)).result.total).toBe(1);
    expect((await call({ time: 4 })).statusCode).toBe(400);
    expect((await call({ size: 1000 })).statusCode).toBe(400);
    const unauth = await postForm(t.app, '/api/plat/bill-change');
    expect(unauth.statusCode).toBe(401);
  });
});
