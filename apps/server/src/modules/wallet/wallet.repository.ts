import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ErrorKey } from '@koi/contract';
import { ERRORS } from '@koi/contract';
import { AccountFlags, AccountKind } from '@koi/ledger';
import { queryRows, type DbOrTx } from '../../db/client';
import { findRow, insertRow, selectPage, updateRow, type ListWindow } from '../../db/rows';
import { adjustmentRequests, ledgerAdjustments } from './wallet.schema';
import { AppError } from '../../errors';
import { pgErrorCode } from '../../lib/pg-errors';
import { AdvisoryLock } from '../../db/locks';
import type { PageWindow } from '../../lib/paging';

/*
 * A posted credit of a code to a player's wallet, read through the entries, whose (account, time, id) index
 * serves the order: one entry with a positive posted delta (a two-phase credit's POST entry, or a single-phase
 * one). creditsOf and firstCreditsOf share it, so "the first deposit" means one thing wherever it is asked.
 */
type CreditRow = { id: string; amount: string; at: Date | string };
const creditColumns = sql`e.transfer_id::text id, e.posted_delta_micro::text amount, e.created_at at`;
const postedCredit = (code: number) => sql`e.code = ${code} and e.posted_delta_micro > 0`;
const creditOrder = sql`e.created_at, e.id`;
const creditOf = (r: CreditRow) => ({ id: r.id, amountMicro: BigInt(r.amount), at: new Date(r.at) });

/** SQL of the wallet ledger. Nothing here decides; the service does, and the SQL functions enforce. */

/** One side of a transfer: a player's wallet or a system account by name (the function picks a shard). */
export type SideRow = { playerId: number; system: null } | { playerId: null; system: string };

export interface TransferRow {
  key: string;
  debit: SideRow;
  credit: SideRow;
  amountMicro: bigint;
  code: number;
  pending: boolean;
  timeoutAt: Date | null;
  referenceType: string;
  referenceId: string;
  metadata: Record<string, unknown> | null;
  currency: string;
  /** Preferred system-account shard (0 .. shards-1). */
  shard: number;
  now: Date;
}

export interface TransferRecord {
  transferId: bigint;
  /** False when the key was already recorded and this is the first result again. */
  created: boolean;
  state: number;
  code: number;
  amountMicro: bigint;
  debitAccountId: bigint;
  creditAccountId: bigint;
  createdAt: Date;
  debitBalanceAfterMicro: bigint;
  creditBalanceAfterMicro: bigint;
}

/** A concurrent request with the same key won; retrying returns its recorded result. */
export class IdempotencyRace extends Error {}

const DEADLOCK = '40P01';
const SERIALIZATION_FAILURE = '40001';
export const isRetryableConflict = (error: unknown) => {
  const code = pgErrorCode(error);
  return code === DEADLOCK || code === SERIALIZATION_FAILURE || error instanceof IdempotencyRace;
};

function ledgerErrorKey(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && code.startsWith('KW') && typeof message === 'string') return message;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Turns the SQL functions' KW errors into AppError; every other error goes on unchanged. */
function translate(error: unknown): never {
  const key = ledgerErrorKey(error);
  if (key === 'IDEMPOTENCY_RACE') throw new IdempotencyRace(key);
  if (key === 'AMOUNT_INVALID') throw new AppError('AMOUNT_INVALID', { reason: 'amount must be > 0' });
  if (key && Object.prototype.hasOwnProperty.call(ERRORS, key)) throw new AppError(key as ErrorKey);
  throw error;
}

type RawRecord = {
  r_transfer_id: string;
  r_created: boolean;
  r_state: number;
  r_code: number;
  r_amount_micro: string;
  r_debit_account_id: string;
  r_credit_account_id: string;
  r_created_at: Date | string;
  r_debit_balance_after: string;
  r_credit_balance_after: string;
  /** Set (to an error key) when the transfer function refused without writing anything. */
  r_error?: string | null;
};

// Both drivers return int8 differently (node-postgres: string, PGlite: number), so every bigint is read as
// text and converted here, never through a JavaScript number.
const RECORD_COLUMNS = sql.raw(
  `r_transfer_id::text, r_created, r_state::int, r_code::int, r_amount_micro::text, r_debit_account_id::text,
   r_credit_account_id::text, r_created_at, r_debit_balance_after::text, r_credit_balance_after::text`,
);

function toRecord(row: RawRecord | undefined): TransferRecord {
  if (!row) throw new Error('ledger function returned no row');
  if (row.r_error) translate({ code: 'KW000', message: row.r_error });
  return {
    transferId: BigInt(row.r_transfer_id),
    created: row.r_created,
    state: row.r_state,
    code: row.r_code,
    amountMicro: BigInt(row.r_amount_micro),
    debitAccountId: BigInt(row.r_debit_account_id),
    creditAccountId: BigInt(row.r_credit_account_id),
    createdAt: new Date(row.r_created_at),
    debitBalanceAfterMicro: BigInt(row.r_debit_balance_after),
    creditBalanceAfterMicro: BigInt(row.r_credit_balance_after),
  };
}

const big = (v: bigint) => sql`${v.toString()}::bigint`;
const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null::timestamptz`);

export interface AccountBalancesRow {
  accountId: bigint;
  currency: string;
  debitsPostedMicro: bigint;
  creditsPostedMicro: bigint;
  debitsPendingMicro: bigint;
  creditsPendingMicro: bigint;
}

export interface EntryFilter extends ListWindow {
  code: number | null;
}

export function createWalletRepository(db: DbOrTx) {
  return {
    /** Creates every shard of every system account that does not exist yet; safe to run on every start. */
    async ensureSystemAccounts(codes: readonly string[], shards: number, currency: string) {
      for (const code of codes) {
        await db.execute(sql`
          insert into ledger_accounts (kind, system_code, shard, currency, flags)
          select ${AccountKind.SYSTEM}, ${code}, s, ${currency}, 0 from generate_series(0, ${shards - 1}) s
          on conflict (system_code, currency, shard) where system_code is not null do nothing`);
      }
    },

    /** Opens a player's wallet (idempotent); it may never go below zero. */
    async openPlayerAccount(playerId: number, currency: string) {
      await db.execute(sql`
        insert into ledger_accounts (kind, player_id, currency, flags)
        values (${AccountKind.PLAYER}, ${playerId}, ${currency}, ${AccountFlags.DEBITS_MUST_NOT_EXCEED_CREDITS})
        on conflict (player_id, currency) where player_id is not null do nothing`);
    },

    async transfer(t: TransferRow): Promise<TransferRecord> {
      try {
        const rows = await queryRows<RawRecord>(
          db,
          sql`select ${RECORD_COLUMNS}, r_error from koi_ledger_transfer(
            ${t.key}, ${t.debit.playerId}::bigint, ${t.debit.system}::text, ${t.credit.playerId}::bigint,
            ${t.credit.system}::text, ${big(t.amountMicro)}, ${t.code}::smallint, ${t.pending}::boolean,
            ${ts(t.timeoutAt)}, ${t.referenceType}::text, ${t.referenceId}::text,
            ${t.metadata === null ? null : JSON.stringify(t.metadata)}::jsonb, ${t.currency}::text,
            ${t.shard}::int, ${ts(t.now)})`,
        );
        return toRecord(rows[0]);
      } catch (error) {
        translate(error);
      }
    },

    /**
     * Many independent transfers in one call and one commit (koi_ledger_transfer_batch). Returns, per input
     * position, the record or the refusal that wrote nothing. Throws when the call as a whole failed; the
     * caller then submits the elements one by one.
     */
    async transferBatch(rows: TransferRow[]): Promise<(TransferRecord | AppError)[]> {
      const payload = rows.map((t, index) => ({
        index,
        key: t.key,
        debit_player: t.debit.playerId,
        debit_system: t.debit.system,
        credit_player: t.credit.playerId,
        credit_system: t.credit.system,
        amount: t.amountMicro.toString(),
        code: t.code,
        pending: t.pending,
        timeout_at: t.timeoutAt?.toISOString() ?? null,
        reference_type: t.referenceType,
        reference_id: t.referenceId,
        // Left out when absent: `e->'metadata'` of a JSON null would store the jsonb value null, not NULL.
        ...(t.metadata === null ? {} : { metadata: t.metadata }),
        currency: t.currency,
        shard: t.shard,
        now: t.now.toISOString(),
      }));
      const raw = await queryRows<RawRecord & { r_index: number }>(
        db,
        sql`select r_index, ${RECORD_COLUMNS}, r_error from koi_ledger_transfer_batch(${JSON.stringify(payload)}::jsonb)`,
      );
      const results: (TransferRecord | AppError)[] = new Array(rows.length);
      for (const row of raw) {
        try {
          results[row.r_index] = toRecord(row);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results[row.r_index] = error;
        }
      }
      for (let i = 0; i < rows.length; i += 1) {
        if (!results[i]) throw new Error(`ledger batch returned no row for element ${i}`);
      }
      return results;
    },

    async resolve(key: string, post: boolean, now: Date): Promise<TransferRecord> {
      try {
        const rows = await queryRows<RawRecord>(
          db,
          sql`select ${RECORD_COLUMNS} from koi_ledger_resolve(${key}::text, ${post}::boolean, ${ts(now)})`,
        );
        return toRecord(rows[0]);
      } catch (error) {
        translate(error);
      }
    },

    /**
     * Posts (`post`) or voids many pending transfers in one call (koi_ledger_resolve_batch), in the order given;
     * answers each one's record by position. The first refusal throws, and the call wrote nothing.
     */
    async resolveBatch(items: { key: string; post: boolean }[], now: Date): Promise<TransferRecord[]> {
      const payload = items.map((item, index) => ({ index, key: item.key, post: item.post }));
      try {
        const raw = await queryRows<RawRecord & { r_index: number }>(
          db,
          sql`select r_index, ${RECORD_COLUMNS} from koi_ledger_resolve_batch(${JSON.stringify(payload)}::jsonb, ${ts(now)})`,
        );
        const records: TransferRecord[] = new Array(items.length);
        for (const row of raw) records[row.r_index] = toRecord(row);
        for (let i = 0; i < items.length; i += 1) {
          if (!records[i]) throw new Error(`ledger resolve batch returned no row for element ${i}`);
        }
        return records;
      } catch (error) {
        translate(error);
      }
    },

    /** The owning player of each of these ledger accounts that is a player's (system accounts have none). */
    async playersOfAccountsWithIds(accountIds: bigint[]): Promise<Map<bigint, number>> {
      const rows = await queryRows<{ id: string; player_id: string }>(
        db,
        sql`select id::text, player_id::text from ledger_accounts
            where player_id is not null and id in (${sql.join(
              accountIds.map((id) => sql`${id.toString()}::bigint`),
              sql`, `,
            )})`,
      );
      return new Map(rows.map((r) => [BigInt(r.id), Number(r.player_id)]));
    },

    /** Keys of pending transfers whose timeout has passed, oldest first, at most `limit`. */
    async expiredPendingKeys(now: Date, limit: number): Promise<string[]> {
      const rows = await queryRows<{ idempotency_key: string }>(
        db,
        sql`select idempotency_key from ledger_transfers
            where state = 2 and timeout_at <= ${now.toISOString()}::timestamptz
            order by timeout_at limit ${limit}`,
      );
      return rows.map((r) => r.idempotency_key);
    },

    /**
     * Posted transfers of one code credited to the player's wallet in [from, to) (from null: since ever), oldest
     * first, at most `limit`.
     */
    async creditsOf(
      playerId: number,
      currency: string,
      code: number,
      from: Date | null,
      to: Date,
      limit: number,
    ): Promise<{ id: string; amountMicro: bigint; at: Date }[]> {
      const rows = await queryRows<CreditRow>(
        db,
        sql`select ${creditColumns}
            from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.player_id = ${playerId} and a.currency = ${currency} and ${postedCredit(code)}
              and e.created_at >= ${(from ?? new Date(0)).toISOString()}::timestamptz
              and e.created_at < ${to.toISOString()}::timestamptz
            order by ${creditOrder} limit ${limit}`,
      );
      return rows.map(creditOf);
    },

    /**
     * The first posted credit of one code to each listed player's wallet, by the order and rule of creditsOf
     * (its first row with no lower bound): one index walk per account, stopping at the first such entry.
     * Players with none are absent from the map.
     */
    async firstCreditsOf(playerIds: readonly number[], currency: string, code: number) {
      const first = new Map<number, { id: string; amountMicro: bigint; at: Date }>();
      if (playerIds.length === 0) return first;
      const rows = await queryRows<CreditRow & { player_id: string }>(
        db,
        sql`select a.player_id::text player_id, f.*
            from ledger_accounts a
            cross join lateral (
              select ${creditColumns} from ledger_entries e
              where e.account_id = a.id and ${postedCredit(code)}
              order by ${creditOrder} limit 1) f
            where a.player_id = any(${`{${playerIds.join(',')}}`}::bigint[]) and a.currency = ${currency}`,
      );
      for (const r of rows) first.set(Number(r.player_id), creditOf(r));
      return first;
    },

    async playerBalances(playerId: number): Promise<AccountBalancesRow[]> {
      const rows = await queryRows<{
        id: string;
        currency: string;
        dp: string;
        cp: string;
        dpe: string;
        cpe: string;
      }>(
        db,
        sql`select id::text, currency, debits_posted_micro::text dp, credits_posted_micro::text cp,
              debits_pending_micro::text dpe, credits_pending_micro::text cpe
            from ledger_accounts where player_id = ${playerId} order by currency`,
      );
      return rows.map((r) => ({
        accountId: BigInt(r.id),
        currency: r.currency,
        debitsPostedMicro: BigInt(r.dp),
        creditsPostedMicro: BigInt(r.cp),
        debitsPendingMicro: BigInt(r.dpe),
        creditsPendingMicro: BigInt(r.cpe),
      }));
    },

    /**
     * A player's entries that changed the available balance, newest first. Scoped by player: the account is
     * found through player_id, so one player can never page through another's records.
     */
    async playerEntries(playerId: number, currency: string, f: EntryFilter) {
      const where = sql`a.player_id = ${playerId} and a.currency = ${currency} and e.amount_micro <> 0
        ${f.code === null ? sql`` : sql`and e.code = ${f.code}`}
        ${f.from === null ? sql`` : sql`and e.created_at >= ${f.from.toISOString()}::timestamptz`}
        ${f.to === null ? sql`` : sql`and e.created_at < ${f.to.toISOString()}::timestamptz`}`;
      const rows = await queryRows<{
        id: string;
        created_at: Date | string;
        code: number;
        phase: number;
        amount: string;
        balance_after: string;
        reference_type: string;
        reference_id: string;
        transfer_id: string;
        transfer_state: number;
      }>(
        db,
        sql`select e.id::text, e.created_at, e.code::int, e.phase::int, e.amount_micro::text amount,
              e.balance_after_micro::text balance_after, t.reference_type, t.reference_id, t.id::text transfer_id,
              t.state::int transfer_state
            from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
            join ledger_transfers t on t.id = e.transfer_id
            where ${where}
            order by e.created_at desc, e.id desc
            limit ${f.limit} offset ${f.offset}`,
      );
      const total = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*)::int n from ledger_entries e join ledger_accounts a on a.id = e.account_id where ${where}`,
      );
      return {
        total: Number(total[0]?.n ?? 0),
        rows: rows.map((r) => ({
          id: r.id,
          createdAt: new Date(r.created_at),
          code: r.code,
          phase: r.phase,
          amountMicro: BigInt(r.amount),
          balanceAfterMicro: BigInt(r.balance_after),
          referenceType: r.reference_type,
          referenceId: r.reference_id,
          transferId: r.transfer_id,
          /** TransferState now (1 posted, 2 pending, 3 pending then posted, 4 pending then voided). */
          transferState: Number(r.transfer_state),
        })),
      };
    },

    /** Posted money into and out of the player's wallet per transfer code (sums of posted entries). */
    async playerCodeTotals(playerId: number, currency: string) {
      const rows = await queryRows<{ code: number; credit: string; debit: string }>(
        db,
        sql`select e.code::int code,
                   coalesce(sum(e.posted_delta_micro) filter (where e.posted_delta_micro > 0), 0)::text credit,
                   coalesce(-sum(e.posted_delta_micro) filter (where e.posted_delta_micro < 0), 0)::text debit
            from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.player_id = ${playerId} and a.currency = ${currency}
            group by e.code order by e.code`,
      );
      return rows.map((r) => ({ code: r.code, inMicro: BigInt(r.credit), outMicro: BigInt(r.debit) }));
    },

    async insertAdjustment(row: typeof ledgerAdjustments.$inferInsert) {
      await db.insert(ledgerAdjustments).values(row);
    },

    async counts() {
      const rows = await queryRows<{ transfers: number; entries: number }>(
        db,
        sql`select (select count(*)::int from ledger_transfers) transfers, (select count(*)::int from ledger_entries) entries`,
      );
      return rows[0]!;
    },

    // ----- operator console -----

    /** Available balances (posted minus held) of several players at once. */
    async availableByPlayers(playerIds: number[], currency: string) {
      if (playerIds.length === 0) return new Map<number, bigint>();
      const rows = await queryRows<{ player_id: string; available: string }>(
        db,
        sql`select player_id::text, (credits_posted_micro - debits_posted_micro - debits_pending_micro)::text available
            from ledger_accounts
            where currency = ${currency} and player_id in (${sql.join(
              playerIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      return new Map(rows.map((r) => [Number(r.player_id), BigInt(r.available)]));
    },

    /** Transfers for the ledger explorer, newest first, with a readable label for each side. */
    async explore(f: TransferSearch) {
      const conditions: SQL[] = [sql`true`];
      if (f.playerId !== null)
        conditions.push(sql`(da.player_id = ${f.playerId} or ca.player_id = ${f.playerId})`);
      if (f.accountId !== null)
        conditions.push(
          sql`(t.debit_account_id = ${big(f.accountId)} or t.credit_account_id = ${big(f.accountId)})`,
        );
      if (f.code !== null) conditions.push(sql`t.code = ${f.code}`);
      if (f.referenceType) conditions.push(sql`t.reference_type = ${f.referenceType}`);
      if (f.referenceId) conditions.push(sql`t.reference_id = ${f.referenceId}`);
      if (f.from) conditions.push(sql`t.created_at >= ${f.from.toISOString()}::timestamptz`);
      if (f.to) conditions.push(sql`t.created_at < ${f.to.toISOString()}::timestamptz`);
      const where = sql.join(conditions, sql` and `);
      const from = sql`from ledger_transfers t
        join ledger_accounts da on da.id = t.debit_account_id
        join ledger_accounts ca on ca.id = t.credit_account_id`;
      const rows = await queryRows<{
        id: string;
        key: string;
        code: number;
        state: number;
        amount: string;
        debit_account_id: string;
        credit_account_id: string;
        debit_player_id: number | null;
        credit_player_id: number | null;
        debit_system: string | null;
        credit_system: string | null;
        reference_type: string;
        reference_id: string;
        metadata: unknown;
        created_at: Date | string;
        resolved_at: Date | string | null;
      }>(
        db,
        sql`select t.id::text, t.idempotency_key as key, t.code::int, t.state::int, t.amount_micro::text amount,
              t.debit_account_id::text, t.credit_account_id::text,
              da.player_id::int debit_player_id, ca.player_id::int credit_player_id,
              da.system_code || '#' || da.shard debit_system, ca.system_code || '#' || ca.shard credit_system,
              t.reference_type, t.reference_id, t.metadata, t.created_at, t.resolved_at
            ${from} where ${where}
            order by t.id desc limit ${f.limit} offset ${f.offset}`,
      );
      const total = await queryRows<{ n: number }>(db, sql`select count(*)::int n ${from} where ${where}`);
      return {
        total: Number(total[0]?.n ?? 0),
        rows: rows.map((r) => ({
          id: r.id,
          key: r.key,
          code: r.code,
          state: r.state,
          amountMicro: BigInt(r.amount),
          debitAccountId: r.debit_account_id,
          creditAccountId: r.credit_account_id,
          // A player's side is labelled with the username by the admin service (the auth module owns names).
          debitPlayerId: r.debit_player_id,
          creditPlayerId: r.credit_player_id,
          debitSystem: r.debit_system,
          creditSystem: r.credit_system,
          referenceType: r.reference_type,
          referenceId: r.reference_id,
          metadata: r.metadata ?? null,
          createdAt: new Date(r.created_at),
          resolvedAt: r.resolved_at ? new Date(r.resolved_at) : null,
        })),
      };
    },

    /** Each system account summed over its shards. */
    async systemBalances() {
      const rows = await queryRows<{
        name: string;
        currency: string;
        balance: string;
        pending_debits: string;
        pending_credits: string;
        shards: number;
      }>(
        db,
        sql`select system_code as name, currency,
              sum(credits_posted_micro - debits_posted_micro)::text balance,
              sum(debits_pending_micro)::text pending_debits, sum(credits_pending_micro)::text pending_credits,
              count(*)::int shards
            from ledger_accounts where system_code is not null
            group by system_code, currency order by system_code, currency`,
      );
      return rows.map((r) => ({
        name: r.name,
        currency: r.currency,
        balanceMicro: BigInt(r.balance),
        pendingDebitsMicro: BigInt(r.pending_debits),
        pendingCreditsMicro: BigInt(r.pending_credits),
        shards: r.shards,
      }));
    },

    /**
     * Posted money per report day and transfer code since `from` (day = UTC+`offset`): the dashboard's
     * deposits, withdrawals, stakes, wins and rollbacks. Pending holds are not money moved yet.
     */
    async dailyTotals(from: Date, utcOffsetMs: number) {
      const rows = await queryRows<{ day: string; code: number; amount: string }>(
        db,
        sql`select to_char((created_at at time zone 'UTC') + ${sql.raw(`interval '${Math.trunc(utcOffsetMs / 1000)} seconds'`)}, 'YYYY-MM-DD') as day,
              code::int, sum(amount_micro)::text amount
            from ledger_transfers
            where created_at >= ${from.toISOString()}::timestamptz and state in (1, 3)
            group by 1, 2`,
      );
      return rows.map((r) => ({ day: r.day, code: r.code, amountMicro: BigInt(r.amount) }));
    },

    async pendingCount(code: number) {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int n from ledger_transfers where state = 2 and code = ${code}`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    insertAdjustmentRequest: (row: typeof adjustmentRequests.$inferInsert) =>
      insertRow(db, adjustmentRequests, row),

    /** The request this operator already made with this client request id, if any (a retried request). */
    findAdjustmentRequestByKey: (requestedById: number, requestKey: string) =>
      findRow(
        db,
        adjustmentRequests,
        and(
          eq(adjustmentRequests.requestedById, requestedById),
          eq(adjustmentRequests.requestKey, requestKey),
        ),
      ),

    findAdjustmentRequest: (id: number) => findRow(db, adjustmentRequests, eq(adjustmentRequests.id, id)),

    /**
     * Moves a pending request to `status`, once: the WHERE clause only matches a pending row, so of two
     * deciders at the same moment exactly one gets the row back; the other waits for the row lock, then
     * finds it no longer pending.
     */
    async decideAdjustmentRequest(
      id: number,
      set: Pick<
        typeof adjustmentRequests.$inferInsert,
        'status' | 'decidedById' | 'decidedBy' | 'decidedAt' | 'decisionReason'
      >,
    ) {
      const pending = and(eq(adjustmentRequests.id, id), eq(adjustmentRequests.status, 'pending'));
      return updateRow(db, adjustmentRequests, pending, set);
    },

    /** The operator's money-decision lock (db/locks.ts), held until the caller's transaction ends. */
    async lockOperatorDecisions(operatorId: number) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${AdvisoryLock.OPERATOR_MONEY_DECISIONS}::int, ${operatorId}::int)`,
      );
    },

    /** The player's adjustment lock (db/locks.ts), held until the caller's transaction ends. */
    async lockPlayerAdjustments(playerId: number) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${AdvisoryLock.PLAYER_ADJUSTMENTS}::int, ${playerId}::int)`,
      );
    },

    /**
     * What an operator adjusted since `since`: absolute amounts of the requests they made (pending or applied)
     * and of the others' requests they approved.
     */
    async operatorAdjustedSince(operatorId: number, since: Date): Promise<bigint> {
      const rows = await queryRows<{ total: string | null }>(
        db,
        sql`select coalesce(sum(abs(amount_micro)), 0)::text as total from ${adjustmentRequests}
            where (requested_by_id = ${operatorId} and status <> 'rejected'
                   and requested_at >= ${since.toISOString()}::timestamptz)
               or (decided_by_id = ${operatorId} and status = 'applied' and requested_by_id <> ${operatorId}
                   and decided_at >= ${since.toISOString()}::timestamptz)`,
      );
      return BigInt(rows[0]?.total ?? '0');
    },

    /** Absolute amounts of the player's adjustments (pending or applied) asked for since `since`. */
    async playerAdjustedSince(playerId: number, since: Date): Promise<bigint> {
      const rows = await queryRows<{ total: string | null }>(
        db,
        sql`select coalesce(sum(abs(amount_micro)), 0)::text as total from ${adjustmentRequests}
            where player_id = ${playerId} and status <> 'rejected'
              and requested_at >= ${since.toISOString()}::timestamptz`,
      );
      return BigInt(rows[0]?.total ?? '0');
    },

    /** Whether the operator asked for or approved an adjustment of the player since `since` (not rejected). */
    async operatorAdjustedPlayer(operatorId: number, playerId: number, since: Date): Promise<boolean> {
      const rows = await queryRows<{ one: number }>(
        db,
        sql`select 1 as one from ${adjustmentRequests}
            where player_id = ${playerId} and status <> 'rejected'
              and (requested_by_id = ${operatorId} or decided_by_id = ${operatorId})
              and requested_at >= ${since.toISOString()}::timestamptz
            limit 1`,
      );
      return rows.length > 0;
    },

    async setAdjustmentTransfer(id: number, transferId: bigint) {
      await db.update(adjustmentRequests).set({ transferId }).where(eq(adjustmentRequests.id, id));
    },

    async listAdjustmentRequests(f: PageWindow & { status: string; playerId: number | null }) {
      const where = and(
        f.status ? eq(adjustmentRequests.status, f.status) : undefined,
        f.playerId ? eq(adjustmentRequests.playerId, f.playerId) : undefined,
      );
      const orderBy = [desc(adjustmentRequests.id)];
      return selectPage(db, adjustmentRequests, { where, orderBy, limit: f.limit, offset: f.offset });
    },
  };
}

export interface TransferSearch extends ListWindow {
  playerId: number | null;
  accountId: bigint | null;
  code: number | null;
  referenceType: string;
  referenceId: string;
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
export type AdjustmentRequest = typeof adjustmentRequests.$inferSelect;
