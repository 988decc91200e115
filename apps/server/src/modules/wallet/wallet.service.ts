import type { TransferState } from '@koi/ledger';
import {
  AMOUNT_MICRO_MAX,
  checkLedger,
  formatBalance,
  isTransferCode,
  LEDGER_CURRENCY,
  parseAmount,
  SYSTEM_ACCOUNT_SHARDS,
  SYSTEM_ACCOUNTS,
  SystemAccount,
  TransferCode,
  type Violation,
} from '@koi/ledger';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { stderrLogger, type BatchLogger } from '../../lib/group-commit';
import { timeRangeBounds } from '../../lib/time-range';
import { createTransferBatcher, DEFAULT_BATCHING, withRetry, type BatchingOptions } from './wallet.batcher';
import { createLedgerAuditRepository } from './wallet.audit.repository';
import {
  createWalletRepository,
  type SideRow,
  type TransferRecord,
  type TransferRow,
} from './wallet.repository';
import { pageWindow } from '../../lib/paging';

/*
 * Design note: the wallet ledger.
 *
 * Model. TigerBeetle's: accounts hold four running sums (debits/credits, posted/pending); a transfer moves an
 * amount from a debit account to a credit account, is immutable, and carries a caller-chosen idempotency key.
 * Two-phase transfers reserve money as pending and are later posted or voided, once: the only update a
 * transfer row ever sees is that single resolution. Every event also appends one entry per account, so every
 * balance can be recomputed two ways (from transfers, and from entries); `ledger:verify` does both.
 *
 * One round trip per transfer. A transfer is one call of the SQL function koi_ledger_transfer
 * (src/modules/wallet/sql/koi_ledger_transfer.sql, with koi_ledger_apply, koi_ledger_pick_shard and
 * koi_ledger_find_transfer beside it): it checks the key, updates both accounts, inserts the transfer and
 * its entries, in one statement and so in one short transaction. Row locks live exactly as long as one
 * server-side function call plus its commit, instead of several client round trips, which is most of what
 * makes the ledger fast.
 *
 * No overdraft. The limit check and the debit are one conditional UPDATE ("... where available >= amount"):
 * a concurrent debit waits for the row lock and then re-evaluates the condition against the new balance, so
 * two bets can never both pass a check that only one can afford. A CHECK constraint on the table refuses the
 * same thing a second time, should any other path ever try.
 *
 * Hot accounts. Every bet and win also touches a house account, and a row lock held until commit would
 * serialise all bets of the platform behind that one row at the speed of the disk's fsync. So each system
 * account is split into SYSTEM_ACCOUNT_SHARDS rows (shards) of the same name. A transfer takes its preferred
 * shard (derived from the player, so load spreads evenly) or, if that one is locked, the next free one
 * (SELECT ... FOR NO KEY UPDATE SKIP LOCKED); it waits only when every shard is busy. The system account's
 * balance is the sum of its shards; the ledger's sum-to-zero invariant is unaffected because shards are just
 * accounts. We chose shards over "system balances rolled up later from entries" because every balance then
 * stays exact and checkable at every moment, at the cost of a GROUP BY to read a system total.
 *
 * Deadlocks. Player wallets are locked before system shards and two player wallets in id order, and shards
 * are taken with SKIP LOCKED, so single transfers cannot deadlock. Linked batches lock in request order and
 * might; PostgreSQL then aborts one, and it is retried (bounded, see RETRY_ATTEMPTS).
 *
 * Group commit. Concurrent single transfers are gathered into one call of koi_ledger_transfer_batch, one
 * transaction and one commit for many transfers (wallet.batcher.ts): a refusal that writes nothing answers
 * its own element only, and a batch that fails as a whole is replayed one transfer at a time, so no
 * transfer fails because of a neighbour. On the 2-core development machine `npm run bench:ledger` measured
 * about 2 900 transfers/s for bet+win pairs against a raw ceiling of about 3 000-3 500 single-UPDATE+INSERT
 * transactions/s (ratio 0.8-1.1, noisy on a shared machine) and about 1 100-1 300/s without group commit.
 *
 * Idempotency. Same key + same payload returns the first result ("created: false"); same key + different
 * payload is refused with IDEMPOTENCY_CONFLICT. Two concurrent requests with one key: the unique index makes
 * the second wait for the first; it then aborts its own attempt and is retried, which answers from the record.
 */

/** A linked batch is bounded so that one request cannot hold many row locks for long. */
export const LINKED_BATCH_MAX = 100;
const KEY_MAX_LENGTH = 128;
const REFERENCE_MAX_LENGTH = 128;
/** Pending transfers voided per expiry sweep, so one sweep stays short. */
const EXPIRY_SWEEP_MAX = 500;

export type AccountRef = { player: number } | { system: SystemAccount };

export interface TransferRequest {
  /** Caller-chosen idempotency key, 1–128 characters; a retry must reuse it. */
  key: string;
  debit: AccountRef;
  credit: AccountRef;
  amountMicro: bigint;
  code: TransferCode;
  reference?: { type: string; id: string };
  metadata?: Record<string, unknown>;
  /** A pending timeout for holds; an expired hold is voided by `voidExpired`. */
  timeoutMs?: number;
}

export interface TransferResult {
  id: string;
  key: string;
  created: boolean;
  state: TransferState;
  code: number;
  amountMicro: bigint;
  createdAt: Date;
  debitBalanceAfterMicro: bigint;
  creditBalanceAfterMicro: bigint;
}

export interface PlayerBalance {
  currency: string;
  /** credits_posted - debits_posted: everything the player owns, including held withdrawals. */
  postedMicro: bigint;
  /** Held by pending transfers (withdrawals in review). */
  heldMicro: bigint;
  /** What the player can spend: posted minus held. */
  availableMicro: bigint;
}

export interface BillChangeQuery {
  code: number | null;
  /** 1 = yesterday, 2 = today, 3 = the last 7 days (including today); null = all time. */
  range: 1 | 2 | 3 | null;
  page: number;
  size: number;
}

export interface WalletServiceDeps {
  db: Db;
  clock: Clock;
  shards?: number;
  /** Group commit of concurrent single transfers (see wallet.batcher.ts); false sends each on its own. */
  batching?: BatchingOptions | false;
  /** Where a group commit that failed as a whole is reported (the app passes its logger); stderr otherwise. */
  log?: BatchLogger;
  /**
   * Told which players' balances changed, after the change is committed (the events module pushes a signal to
   * their open streams). Must not throw or block: it is a notification, not part of the money movement.
   */
  onPlayerBalanceChanged?: (playerIds: number[]) => void;
}

/** Asserts a ledger property at the point of change (TigerBeetle style); a failure is a bug, not a user error. */
function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`ledger invariant broken: ${message}`);
}

function sideOf(ref: AccountRef): SideRow {
  return 'player' in ref ? { playerId: ref.player, system: null } : { playerId: null, system: ref.system };
}

function checkRequest(req: TransferRequest) {
  if (typeof req.amountMicro !== 'bigint' || req.amountMicro <= 0n) {
    throw new AppError('AMOUNT_INVALID', {
      reason: { zh: '金额必须大于0', en: 'amount must be greater than 0' },
    });
  }
  if (req.amountMicro > AMOUNT_MICRO_MAX) {
    throw new AppError('AMOUNT_INVALID', { reason: { zh: '金额超出上限', en: 'amount is too large' } });
  }
  if (!req.key || req.key.length > KEY_MAX_LENGTH)
    throw new AppError('BAD_REQUEST', { detail: 'idempotency key' });
  if (!isTransferCode(req.code)) throw new AppError('BAD_REQUEST', { detail: 'transfer code' });
  if (
    req.reference &&
    (req.reference.type.length > REFERENCE_MAX_LENGTH || req.reference.id.length > REFERENCE_MAX_LENGTH)
  ) {
    throw new AppError('BAD_REQUEST', { detail: 'reference' });
  }
  const sameSide =
    'player' in req.debit && 'player' in req.credit
      ? req.debit.player === req.credit.player
      : 'system' in req.debit && 'system' in req.credit && req.debit.system === req.credit.system;
  if (sameSide) throw new AppError('BAD_REQUEST', { detail: 'debit and credit are the same account' });
}

/** Drizzle's transaction handle keeps its session private; savepoints share the session of their transaction. */
const sessionOf = (tx: DbOrTx): object => (tx as unknown as { session: object }).session;

function toResult(key: string, r: TransferRecord): TransferResult {
  return {
    id: r.transferId.toString(),
    key,
    created: r.created,
    state: r.state as TransferState,
    code: r.code,
    amountMicro: r.amountMicro,
    createdAt: r.createdAt,
    debitBalanceAfterMicro: r.debitBalanceAfterMicro,
    creditBalanceAfterMicro: r.creditBalanceAfterMicro,
  };
}

/**
 * The system-account shard a player's transfers prefer. SQL that moves a player's money itself (the seamless
 * wallet) asks koi_ledger_player_shard (wallet/sql), the same rule inside its statement; this copy lets the
 * service choose before its one statement, at no cost. shard.test.ts pins the two together.
 */
export function playerShard(player: number, shards: number): number {
  return player % shards;
}

export function createWalletService(deps: WalletServiceDeps) {
  const { db, clock } = deps;
  const shards = deps.shards ?? SYSTEM_ACCOUNT_SHARDS;
  const repo = createWalletRepository(db);
  const batching = deps.batching ?? DEFAULT_BATCHING;
  const batcher = batching ? createTransferBatcher(repo, shards, batching, deps.log ?? stderrLogger) : null;

  /*
   * Balance-change signals, in this one place for every caller. A transfer the service commits itself (single,
   * batched, linked, hold, post, void, adjustment) signals once its call returns, which is after its commit. A
   * transfer made inside a caller's transaction (transferIn, holdIn, resolveIn: bets, wins, withdrawals) must
   * not signal before that transaction commits, or a refetch would read the old balance and a rolled-back bet
   * would signal money that never moved. Drizzle has no after-commit hook, so the service wraps
   * `db.transaction` once: each top-level transaction collects the players its in-transaction transfers
   * touched (keyed by its session, which its savepoints share) and signals them only after it committed. A
   * transaction that throws (rolls back) signals nothing.
   */
  const changed = deps.onPlayerBalanceChanged;
  const touchedBySession = new WeakMap<object, Set<number>>();
  if (changed) {
    const begin = db.transaction.bind(db);
    db.transaction = (async (run: (tx: Tx) => Promise<unknown>, config?: unknown) => {
      const touched = new Set<number>();
      const result = await begin(async (tx) => {
        touchedBySession.set(sessionOf(tx), touched);
        return run(tx);
      }, config as never);
      if (touched.size) changed([...touched]);
      return result;
    }) as Db['transaction'];
  }
  /** Signals the players of committed transfers; `conn` is the caller's transaction when there is one. */
  function touched(conn: DbOrTx | null, rows: TransferRow[]) {
    if (!changed) return;
    const ids = new Set<number>();
    for (const row of rows)
      for (const side of [row.debit, row.credit]) if (side.playerId !== null) ids.add(side.playerId);
    signal(conn, ids);
  }
  function signal(conn: DbOrTx | null, ids: Set<number>) {
    if (!changed || !ids.size) return;
    const pending = conn ? touchedBySession.get(sessionOf(conn)) : undefined;
    if (pending) for (const id of ids) pending.add(id);
    else changed([...ids]);
  }
  /**
   * A post or void knows only its key; its players come from the accounts it names, looked up in one query for
   * all the resolutions of a call. An account's owner never changes, so the answer is remembered (system accounts
   * remembered as null).
   */
  const ownerOfAccount = new Map<bigint, number | null>();
  async function touchedResolution(conn: DbOrTx | null, records: TransferRecord[]) {
    if (!changed) return;
    const accounts = records.flatMap((r) => [r.debitAccountId, r.creditAccountId]);
    const unknown = [...new Set(accounts.filter((id) => !ownerOfAccount.has(id)))];
    if (unknown.length) {
      // Bounded: one entry per account ever resolved on this node; forgetting costs one query.
      if (ownerOfAccount.size > 100_000) ownerOfAccount.clear();
      const owners = await createWalletRepository(conn ?? db).playersOfAccountsWithIds(unknown);
      for (const id of unknown) ownerOfAccount.set(id, owners.get(id) ?? null);
    }
    const ids = new Set<number>();
    for (const id of accounts) {
      const owner = ownerOfAccount.get(id);
      if (owner !== null && owner !== undefined) ids.add(owner);
    }
    signal(conn, ids);
  }

  function rowOf(req: TransferRequest, pending: boolean): TransferRow {
    const now = clock.now();
    const player =
      'player' in req.debit ? req.debit.player : 'player' in req.credit ? req.credit.player : null;
    return {
      key: req.key,
      debit: sideOf(req.debit),
      credit: sideOf(req.credit),
      amountMicro: req.amountMicro,
      code: req.code,
      pending,
      timeoutAt: pending && req.timeoutMs ? new Date(now.getTime() + req.timeoutMs) : null,
      referenceType: req.reference?.type ?? '',
      referenceId: req.reference?.id ?? '',
      metadata: req.metadata ?? null,
      currency: LEDGER_CURRENCY,
      // A player's transfers prefer one shard; system-to-system transfers spread at random.
      shard: player === null ? Math.floor(Math.random() * shards) : playerShard(player, shards),
      now,
    };
  }

  function assertPosted(req: TransferRequest, result: TransferResult) {
    if ('player' in req.debit)
      invariant(result.debitBalanceAfterMicro >= 0n, `player ${req.debit.player} below zero`);
  }

  /** One transfer inside a caller's transaction (linked batches, adjustments). */
  async function submit(conn: DbOrTx, req: TransferRequest, pending: boolean): Promise<TransferResult> {
    checkRequest(req);
    const row = rowOf(req, pending);
    const result = toResult(req.key, await createWalletRepository(conn).transfer(row));
    assertPosted(req, result);
    touched(conn, [row]);
    return result;
  }

  /** One transfer on its own: through the group-commit batcher when enabled. */
  async function submitAlone(req: TransferRequest, pending: boolean): Promise<TransferResult> {
    checkRequest(req);
    const row = rowOf(req, pending);
    const record = batcher ? await batcher.submit(row) : await withRetry(() => repo.transfer(row));
    const result = toResult(req.key, record);
    assertPosted(req, result);
    touched(null, [row]);
    return result;
  }

  async function resolve(key: string, post: boolean): Promise<TransferResult> {
    if (!key || key.length > KEY_MAX_LENGTH) throw new AppError('TRANSFER_NOT_FOUND');
    const record = await withRetry(() => repo.resolve(key, post, clock.now()));
    await touchedResolution(null, [record]);
    return toResult(key, record);
  }

  async function balancesOf(playerId: number): Promise<PlayerBalance[]> {
    const rows = await repo.playerBalances(playerId);
    return rows.map((r) => {
      const postedMicro = r.creditsPostedMicro - r.debitsPostedMicro;
      const availableMicro = postedMicro - r.debitsPendingMicro;
      invariant(availableMicro >= 0n, `player ${playerId} below zero`);
      return { currency: r.currency, postedMicro, heldMicro: r.debitsPendingMicro, availableMicro };
    });
  }

  return {
    shards,

    /**
     * Creates the system accounts' shards; run at start (idempotent, safe from several nodes). Player wallets
     * open in the registration transaction; those of players registered before the ledger existed were opened
     * once by a migration before the baseline (0020_reflective_chat, in git history), so the wallet never reads
     * the auth module's players table.
     */
    async ensureSystemAccounts() {
      await repo.ensureSystemAccounts(SYSTEM_ACCOUNTS, shards, LEDGER_CURRENCY);
    },

    /** Opens the player's wallet inside the registration transaction. */
    async openPlayerAccount(playerId: number, tx: Tx | Db = db) {
      await createWalletRepository(tx).openPlayerAccount(playerId, LEDGER_CURRENCY);
    },

    /** A single posted transfer. */
    transfer(req: TransferRequest): Promise<TransferResult> {
      return submitAlone(req, false);
    },

    /**
     * A posted transfer inside the caller's transaction, so it commits or rolls back with the caller's other
     * writes (the seamless wallet records a provider transaction with it). The caller owns retries.
     */
    transferIn(tx: Tx, req: TransferRequest): Promise<TransferResult> {
      return submit(tx, req, false);
    },

    /**
     * Many posted transfers inside the caller's transaction in one round trip (koi_ledger_transfer_batch, each
     * element under the single-transfer rules), for a job that pays thousands at once: the agents' day paid one
     * transferIn at a time spent most of its settlement waiting on the round trips. All or nothing with the
     * caller's transaction: the first element refused throws its error. The caller owns retries.
     */
    async transfersIn(tx: Tx, reqs: TransferRequest[]): Promise<TransferResult[]> {
      for (const req of reqs) checkRequest(req);
      // One shard hint for the whole call (the first element's), so the call holds one shard of each system
      // account until its caller commits instead of one per player, and concurrent callers find the others free.
      const first = reqs[0] ? rowOf(reqs[0], false).shard : 0;
      const rows = reqs.map((req) => ({ ...rowOf(req, false), shard: first }));
      const records = rows.length ? await createWalletRepository(tx).transferBatch(rows) : [];
      const results = records.map((record, i) => {
        if (record instanceof AppError) throw record;
        const result = toResult(reqs[i]!.key, record);
        assertPosted(reqs[i]!, result);
        return result;
      });
      touched(tx, rows);
      return results;
    },

    /**
     * Signals players whose balance changed through a transfer committed outside this service's calls: a
     * provider's wallet call moves money with koi_ledger_transfer inside its own one-statement SQL function
     * (koi_provider_wallet_call), and calls this once that statement has returned, i.e. committed.
     */
    balanceChanged(playerIds: number[]): void {
      signal(null, new Set(playerIds));
    },

    /** The player's spendable balance read through `conn` (a caller's transaction sees its own writes). */
    async availableIn(conn: DbOrTx, playerId: number): Promise<bigint> {
      const rows = await createWalletRepository(conn).playerBalances(playerId);
      const row = rows.find((r) => r.currency === LEDGER_CURRENCY);
      return row ? row.creditsPostedMicro - row.debitsPostedMicro - row.debitsPendingMicro : 0n;
    },

    /** Holds money as a pending transfer, to be posted or voided later (once). */
    hold(req: TransferRequest): Promise<TransferResult> {
      return submitAlone(req, true);
    },

    post: (key: string) => resolve(key, true),
    void: (key: string) => resolve(key, false),

    /**
     * A hold inside the caller's transaction, so the hold and the caller's record of it (a withdrawal)
     * commit together or not at all. The caller owns retries.
     */
    holdIn(tx: Tx, req: TransferRequest): Promise<TransferResult> {
      return submit(tx, req, true);
    },

    /** Posts or voids a hold inside the caller's transaction (with the state change that decided it). */
    async resolveIn(tx: Tx, key: string, post: boolean): Promise<TransferResult> {
      if (!key || key.length > KEY_MAX_LENGTH) throw new AppError('TRANSFER_NOT_FOUND');
      const record = await createWalletRepository(tx).resolve(key, post, clock.now());
      await touchedResolution(tx, [record]);
      return toResult(key, record);
    },

    /**
     * Posts or voids many holds inside the caller's transaction in one round trip (koi_ledger_resolve_batch, each
     * element under the resolveIn rules, in the order given), for a close that settles every hold of a game at
     * once: a red packet's close resolved its grabbers' holds one resolveIn at a time, each a round trip under
     * its close lock. All or nothing with the caller's transaction: the first element refused throws its
     * error. A hold already resolved the same way answers its recorded result (`created: false`), so a retried
     * close resolves nothing twice. The caller owns retries.
     */
    async resolvesIn(tx: Tx, items: { key: string; post: boolean }[]): Promise<TransferResult[]> {
      for (const { key } of items)
        if (!key || key.length > KEY_MAX_LENGTH) throw new AppError('TRANSFER_NOT_FOUND');
      if (items.length === 0) return [];
      const records = await createWalletRepository(tx).resolveBatch(items, clock.now());
      await touchedResolution(tx, records);
      return records.map((record, i) => toResult(items[i]!.key, record));
    },

    /**
     * Deposits credited to the player (posted DEPOSIT transfers) in [from, to), oldest first: promotions'
     * deposit rules read them here, from the ledger, rather than from the deposit modules' own records.
     */
    depositsOf: (playerId: number, from: Date | null, to: Date, limit = 50) =>
      repo.creditsOf(playerId, LEDGER_CURRENCY, TransferCode.DEPOSIT, from, to, limit),

    /**
     * Each listed player's first deposit ever: the first row depositsOf gives from no lower bound, which is what
     * promotions' first-deposit rule reads. Every deposit path (TRC20, a payment channel, an operator's match
     * of an unmatched transfer) credits with the DEPOSIT code, so this one source sees them all.
     */
    firstDepositsOf: (playerIds: readonly number[]) =>
      repo.firstCreditsOf(playerIds, LEDGER_CURRENCY, TransferCode.DEPOSIT),

    /** The player's posted money in and out per transfer code (operators' review of a withdrawal). */
    codeTotals: (playerId: number) => repo.playerCodeTotals(playerId, LEDGER_CURRENCY),

    /**
     * Linked transfers: all succeed or none does (one database transaction). Each keeps its own key, so a
     * retried batch answers every member from the record.
     */
    async transferLinked(reqs: (TransferRequest & { pending?: boolean })[]): Promise<TransferResult[]> {
      if (reqs.length === 0) return [];
      if (reqs.length > LINKED_BATCH_MAX)
        throw new AppError('BAD_REQUEST', { detail: `at most ${LINKED_BATCH_MAX} transfers` });
      for (const req of reqs) checkRequest(req);
      return withRetry(() =>
        db.transaction(async (tx) => {
          const results: TransferResult[] = [];
          for (const req of reqs) results.push(await submit(tx, req, req.pending ?? false));
          return results;
        }),
      );
    },

    /** Voids pending transfers whose timeout passed (at most EXPIRY_SWEEP_MAX per call). */
    async voidExpired(): Promise<number> {
      const keys = await repo.expiredPendingKeys(clock.now(), EXPIRY_SWEEP_MAX);
      let voided = 0;
      for (const key of keys) {
        try {
          await resolve(key, false);
          voided += 1;
        } catch (error) {
          // Posted or voided by someone else in the meantime: nothing left to do for this one.
          if (!(error instanceof AppError && error.key === 'TRANSFER_ALREADY_RESOLVED')) throw error;
        }
      }
      return voided;
    },

    balancesOf,

    /** The player's spendable balance, 4 decimals rounded down (what /api/plat/info shows). */
    async displayBalance(playerId: number): Promise<string> {
      const balances = await balancesOf(playerId);
      const usdt = balances.find((b) => b.currency === LEDGER_CURRENCY);
      return formatBalance(usdt?.availableMicro ?? 0n);
    },

    /** The player's account-change records, newest first. */
    async billChanges(playerId: number, q: BillChangeQuery) {
      const { from, to } =
        q.range === null ? { from: null, to: null } : timeRangeBounds(q.range, clock.now());
      return repo.playerEntries(playerId, LEDGER_CURRENCY, {
        code: q.code,
        from,
        to,
        ...pageWindow(q),
      });
    },

    /** Checks every invariant; an empty list means the ledger is sound. */
    async verify(violationLimit = 100): Promise<Violation[]> {
      return checkLedger(await createLedgerAuditRepository(db).audit(violationLimit));
    },

    /**
     * An operator adjustment: a signed amount ("12.5" credits, "-3" debits the player) against the
     * adjustments account, recorded with who did it and why, in one transaction.
     */
    async adjust(input: {
      playerId: number;
      amount: string;
      reason: string;
      operator: string;
      key?: string;
    }) {
      const reason = input.reason.trim();
      if (!reason || reason.length > 256)
        throw new AppError('BAD_REQUEST', { detail: 'reason (1-256 characters)' });
      const text = input.amount.trim();
      const negative = text.startsWith('-');
      const parsed = parseAmount(negative ? text.slice(1) : text);
      if (!parsed.ok) throw new AppError('AMOUNT_INVALID', { reason: parsed.text });
      const { playerId } = input;
      // Every player's wallet account opens with the player (registration), so no account means no player.
      if ((await repo.playerBalances(playerId)).length === 0) throw new AppError('PLAYER_NOT_FOUND');
      const key =
        input.key ?? `adjust:${playerId}:${clock.now().getTime()}:${Math.random().toString(36).slice(2, 10)}`;
      const player: AccountRef = { player: playerId };
      const house: AccountRef = { system: SystemAccount.ADJUSTMENTS };
      return withRetry(() =>
        db.transaction(async (tx) => {
          const result = await submit(
            tx,
            {
              key,
              debit: negative ? player : house,
              credit: negative ? house : player,
              amountMicro: parsed.micro,
              code: TransferCode.ADJUSTMENT,
              reference: { type: 'adjustment', id: key },
              metadata: { reason, operator: input.operator },
            },
            false,
          );
          if (result.created) {
            await createWalletRepository(tx).insertAdjustment({
              transferId: BigInt(result.id),
              playerId,
              amountMicro: negative ? -parsed.micro : parsed.micro,
              reason,
              operator: input.operator,
              createdAt: clock.now(),
            });
          }
          return { playerId, ...result };
        }),
      );
    },

    counts: () => repo.counts(),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
