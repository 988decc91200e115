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
 * A command of the model run: it acts on the real wallet and the model (`apply`), and then, whatever it did,
 * the two must agree and the ledger must verify.
 */
abstract class Step implements Cmd {
  abstract check(m: Readonly<Model>): boolean;
  abstract apply(m: Model, r: Real): Promise<void>;
  async run(m: Model, r: Real) {
    await this.apply(m, r);
    await checkAgainstModel(m, r);
  }
}

/** The entry of `list` that a generated index picks (any index picks one; the list is not empty). */
const pick = <T>(list: T[], index: number): T => list[index % list.length]!;

class MoveCmd extends Step {
  constructor(
    readonly kind: 'deposit' | 'bet' | 'win' | 'hold',
    readonly p: number,
    readonly amount: bigint,
  ) {
    super();
  }
  check = () => true;
  async apply(m: Model, r: Real) {
    const req = request(r, this.p, this.amount, this.kind);
    const debitsPlayer = this.kind === 'bet' || this.kind === 'hold';
    if (debitsPlayer && m.available[this.p]! < this.amount) {
      expect(await refusal(this.kind === 'hold' ? r.wallet.hold(req) : r.wallet.transfer(req))).toBe(
        'INSUFFICIENT_BALANCE',
      );
    } else {
      const result = this.kind === 'hold' ? await r.wallet.hold(req) : await r.wallet.transfer(req);
      expect(result.created).toBe(true);
      if (this.kind === 'hold') {
        m.available[this.p]! -= this.amount;
        m.held[this.p]! += this.amount;
        m.holds.push({ key: req.key, player: this.p, amount: this.amount, state: 'pending' });
      } else {
        m.available[this.p]! += debitsPlayer ? -this.amount : this.amount;
      }
      m.done.push({ req, pending: this.kind === 'hold', id: result.id });
    }
  }
  override toString = () => `${this.kind}(p${this.p}, ${this.amount})`;
}

class ResolveCmd extends Step {
  constructor(
    readonly post: boolean,
    readonly index: number,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.holds.length > 0;
  async apply(m: Model, r: Real) {
    const hold = pick(m.holds, this.index);
    const call = () => (this.post ? r.wallet.post(hold.key) : r.wallet.void(hold.key));
    const wanted = this.post ? 'posted' : 'voided';
    if (hold.state === 'pending') {
      expect((await call()).created).toBe(true);
      m.held[hold.player]! -= hold.amount;
      if (!this.post) m.available[hold.player]! += hold.amount;
      hold.state = wanted;
    } else if (hold.state === wanted) {
      expect((await call()).created).toBe(false);
    } else {
      expect(await refusal(call())).toBe('TRANSFER_ALREADY_RESOLVED');
    }
  }
  override toString = () => `${this.post ? 'post' : 'void'}(#${this.index})`;
}

class DuplicateCmd extends Step {
  constructor(
    readonly index: number,
    readonly changeAmount: boolean,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.done.length > 0;
  async apply(m: Model, r: Real) {
    const previous = pick(m.done, this.index);
    const req = this.changeAmount
      ? { ...previous.req, amountMicro: previous.req.amountMicro + 1n }
      : previous.req;
    const submit = () => (previous.pending ? r.wallet.hold(req) : r.wallet.transfer(req));
    if (this.changeAmount) {
      expect(await refusal(submit())).toBe('IDEMPOTENCY_CONFLICT');
    } else {
      const again = await submit();
      expect(again.created).toBe(false);
      expect(again.id).toBe(previous.id);
    }
  }
  override toString = () => `duplicate(#${this.index}${this.changeAmount ? ', other amount' : ''})`;
}

const amount = fc.bigInt({ min: 1n, max: 20_000_000n });
const player = fc.integer({ min: 0, max: 1 });
const commands = [
  fc.tuple(player, amount).map(([p, a]) => new MoveCmd('deposit', p, a * 3n)),
  fc.tuple(player, amount).map(([p, a]) => new MoveCmd('bet', p, a)),
  fc.tuple(player, amount).map(([p, a]) => new MoveCmd('win', p, a)),
  fc.tuple(player, amount).map(([p, a]) => new MoveCmd('hold', p, a)),
  fc.tuple(fc.boolean(), fc.nat()).map(([post, i]) => new ResolveCmd(post, i)),
  fc.tuple(fc.nat(), fc.boolean()).map(([i, change]) => new DuplicateCmd(i, change)),
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
