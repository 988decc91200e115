import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SystemAccount, TransferCode } from '@koi/ledger';
import { createWalletTestDatabase } from '../../../test/wallet';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { TransferRequest, WalletService } from './wallet.service';
import { createPlayers, freshKey, fromPlayer, toPlayer } from './wallet.fixtures';

/**
 * Model-based test: random sequences of deposits, bets, wins, holds, posts, voids and duplicate submissions
 * run against the real wallet and against a model that is only a map of balances. After every command the
 * players' balances must equal the model's and `verify` must find no violation.
 */

interface Model {
  available: bigint[];
  held: bigint[];
  holds: { key: string; player: number; amount: bigint; state: 'pending' | 'posted' | 'voided' }[];
  /** Requests that succeeded, to be submitted again. */
  done: { req: TransferRequest; pending: boolean; id: string }[];
}
interface Real {
  wallet: WalletService;
  players: number[];
}
type Cmd = fc.AsyncCommand<Model, Real>;

async function refusal(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
}

async function checkAgainstModel(m: Model, r: Real) {
  for (const [i, playerId] of r.players.entries()) {
    const [balance] = await r.wallet.balancesOf(playerId);
    expect(balance?.availableMicro).toBe(m.available[i]);
    expect(balance?.heldMicro).toBe(m.held[i]);
  }
  expect(await r.wallet.verify()).toEqual([]);
}

const request = (
  r: Real,
  p: number,
  amountMicro: bigint,
  kind: 'deposit' | 'bet' | 'win' | 'hold',
): TransferRequest => {
  const player = r.players[p]!;
  const key = freshKey(kind);
  const round = { type: 'round', id: key };
  switch (kind) {
    case 'deposit':
      return toPlayer(player, amountMicro, SystemAccount.DEPOSIT_CLEARING, TransferCode.DEPOSIT, key);
    case 'bet':
      return {
        ...fromPlayer(player, amountMicro, SystemAccount.HOUSE, TransferCode.BET, key),
        reference: round,
      };
    case 'win':
      return {
        ...toPlayer(player, amountMicro, SystemAccount.HOUSE, TransferCode.WIN, key),
        reference: round,
      };
    case 'hold':
      return fromPlayer(player, amountMicro, SystemAccount.WITHDRAWAL_PAYABLE, TransferCode.WITHDRAWAL, key);
  }
};

/**
 * A command of the model run, named `name` in a failing sequence: it acts on the real wallet and the model
 * (`apply`), and then, whatever it did, the two must agree and the ledger must verify.
 */
const step = (
  name: string,
  check: (m: Readonly<Model>) => boolean,
  apply: (m: Model, r: Real) => Promise<void>,
): Cmd => ({
  check,
  async run(m, r) {
    await apply(m, r);
    await checkAgainstModel(m, r);
  },
  toString: () => name,
});

/** The entry of `list` that a generated index picks (any index picks one; the list is not empty). */
const pick = <T>(list: T[], index: number): T => list[index % list.length]!;

const move = (kind: 'deposit' | 'bet' | 'win' | 'hold', p: number, amount: bigint) =>
  step(
    `${kind}(p${p}, ${amount})`,
    () => true,
    async (m, r) => {
      const req = request(r, p, amount, kind);
      const debitsPlayer = kind === 'bet' || kind === 'hold';
      if (debitsPlayer && m.available[p]! < amount) {
        expect(await refusal(kind === 'hold' ? r.wallet.hold(req) : r.wallet.transfer(req))).toBe(
          'INSUFFICIENT_BALANCE',
        );
      } else {
        const result = kind === 'hold' ? await r.wallet.hold(req) : await r.wallet.transfer(req);
        expect(result.created).toBe(true);
        if (kind === 'hold') {
          m.available[p]! -= amount;
          m.held[p]! += amount;
          m.holds.push({ key: req.key, player: p, amount, state: 'pending' });
        } else {
          m.available[p]! += debitsPlayer ? -amount : amount;
        }
        m.done.push({ req, pending: kind === 'hold', id: result.id });
      }
    },
  );

const resolve = (post: boolean, index: number) =>
  step(
    `${post ? 'post' : 'void'}(#${index})`,
    (m) => m.holds.length > 0,
    async (m, r) => {
      const hold = pick(m.holds, index);
      const call = () => (post ? r.wallet.post(hold.key) : r.wallet.void(hold.key));
      const wanted = post ? 'posted' : 'voided';
      if (hold.state === 'pending') {
        expect((await call()).created).toBe(true);
        m.held[hold.player]! -= hold.amount;
        if (!post) m.available[hold.player]! += hold.amount;
        hold.state = wanted;
      } else if (hold.state === wanted) {
        expect((await call()).created).toBe(false);
      } else {
        expect(await refusal(call())).toBe('TRANSFER_ALREADY_RESOLVED');
      }
    },
  );

const duplicate = (index: number, changeAmount: boolean) =>
  step(
    `duplicate(#${index}${changeAmount ? ', other amount' : ''})`,
    (m) => m.done.length > 0,
    async (m, r) => {
      const previous = pick(m.done, index);
      const req = changeAmount
        ? { ...previous.req, amountMicro: previous.req.amountMicro + 1n }
        : previous.req;
      const submit = () => (previous.pending ? r.wallet.hold(req) : r.wallet.transfer(req));
      if (changeAmount) {
        expect(await refusal(submit())).toBe('IDEMPOTENCY_CONFLICT');
      } else {
        const again = await submit();
        expect(again.created).toBe(false);
        expect(again.id).toBe(previous.id);
      }
    },
  );

const amount = fc.bigInt({ min: 1n, max: 20_000_000n });
const player = fc.integer({ min: 0, max: 1 });
const commands = [
  fc.tuple(player, amount).map(([p, a]) => move('deposit', p, a * 3n)),
  fc.tuple(player, amount).map(([p, a]) => move('bet', p, a)),
  fc.tuple(player, amount).map(([p, a]) => move('win', p, a)),
  fc.tuple(player, amount).map(([p, a]) => move('hold', p, a)),
  fc.tuple(fc.boolean(), fc.nat()).map(([post, i]) => resolve(post, i)),
  fc.tuple(fc.nat(), fc.boolean()).map(([i, change]) => duplicate(i, change)),
];

let database: Database;
let wallet: WalletService;

beforeAll(async () => ({ database, wallet } = await createWalletTestDatabase()));
afterAll(() => database?.close());

describe('wallet model', () => {
  it('behaves like a map of balances under random commands, with every invariant after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const players = await createPlayers(database.db, wallet, 2);
        const model: Model = { available: [0n, 0n], held: [0n, 0n], holds: [], done: [] };
        await fc.asyncModelRun(() => ({ model, real: { wallet, players } }), cmds);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('conserves money under randomly interleaved concurrent deposits and bets', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.tuple(fc.boolean(), fc.bigInt({ min: 1n, max: 5_000_000n })), {
          minLength: 2,
          maxLength: 12,
        }),
        async (s, ops) => {
          const [playerId] = await createPlayers(database.db, wallet, 1);
          // fc.scheduler decides the order in which the calls start; the database decides the rest.
          const outcomes = ops.map(([isBet, amountMicro]) =>
            s
              .schedule(Promise.resolve(), isBet ? 'bet' : 'deposit')
              .then(() => {
                const key = freshKey(isBet ? 'bet' : 'dep');
                return isBet
                  ? wallet.transfer({
                      key,
                      debit: { player: playerId! },
                      credit: { system: SystemAccount.HOUSE },
                      amountMicro,
                      code: TransferCode.BET,
                    })
                  : wallet.transfer({
                      key,
                      debit: { system: SystemAccount.DEPOSIT_CLEARING },
                      credit: { player: playerId! },
                      amountMicro,
                      code: TransferCode.DEPOSIT,
                    });
              })
              .then(
                () => ({ isBet, amountMicro, ok: true }),
                async (error: unknown) => {
                  expect(await refusal(Promise.reject(error))).toBe('INSUFFICIENT_BALANCE');
                  return { isBet, amountMicro, ok: false };
                },
              ),
          );
          await s.waitAll();
          const settled = await Promise.all(outcomes);
          const expected = settled.reduce(
            (sum, o) => (o.ok ? sum + (o.isBet ? -o.amountMicro : o.amountMicro) : sum),
            0n,
          );
          expect(settled.filter((o) => !o.isBet).every((o) => o.ok)).toBe(true);
          const [balance] = await wallet.balancesOf(playerId!);
          expect(balance!.availableMicro).toBe(expected);
          expect(expected >= 0n).toBe(true);
          expect(await wallet.verify()).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
