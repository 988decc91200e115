import { and, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { exists, selectPage, updateCount } from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import { providerAlerts, providerSessions, providerTransactions } from './providers.schema';

/** One provider wallet call as koi_provider_wallet_call takes it. */
export interface WalletCall {
  kind: number;
  providerId: number;
  transactionUuid: string;
  /** A win's or rollback's named transaction; null for a bet. */
  referenceUuid: string | null;
  requestUuid: string;
  /** The session token's hash (bets check the session; wins and rollbacks do not). */
  tokenHash: string | null;
  user: string;
  round: string;
  gameCode: string;
  /** A bet's or win's amount; null for a rollback (it moves what the named transaction moved). */
  amountMicro: bigint | null;
  close: boolean;
  fingerprint: string;
  now: Date;
  /** What the ledger needs: currency, the house account, its shard count, transfer codes, amount bound. */
  ledger: {
    currency: string;
    house: string;
    shards: number;
    codes: { bet: number; win: number; rollback: number };
    amountMaxMicro: bigint;
  };
  /** Win bounds for games that set none of their own. */
  bounds: { maxWinMultiplier: number; maxWinPerRoundMicro: bigint };
}

export interface WalletCallResult {
  /** RS_OK or the protocol status refusing the call. */
  status: string;
  /** The balance to answer with, when the answer carries one. */
  balanceMicro: bigint | undefined;
  playerId: number | null;
  /** Money moved: the player's balance changed (signal it; the statement has committed). */
  moved: boolean;
  /** The provider_alerts kind written for a refusal operators must see. */
  alertKind: number | null;
}

interface WalletCallRow {
  status: string;
  balance: string | null;
  player_id: string | null;
  moved: boolean;
  alert_kind: number | null;
}

const walletCallResult = (row: WalletCallRow): WalletCallResult => ({
  status: row.status,
  balanceMicro: row.balance === null ? undefined : BigInt(row.balance),
  playerId: row.player_id === null ? null : Number(row.player_id),
  moved: row.moved,
  alertKind: row.alert_kind,
});

/** Sessions that can take bets at `now`: not ended (sign-out, freeze) and not expired. */
const takingBets = (now: Date) => and(isNull(providerSessions.endedAt), gt(providerSessions.expiresAt, now));

/** SQL of the seamless wallet: sessions, provider transactions, rounds. */
export function createProvidersRepository(db: DbOrTx) {
  return {
    /**
     * Opens a session and ends the player's oldest live sessions beyond `maxLive`, in one transaction under
     * the player's lock: whichever processes launch at once, the player never holds more than `maxLive` live
     * sessions (without the lock two launches could each see the other's row uncommitted and keep both).
     */
    async openSession(row: typeof providerSessions.$inferInsert & { createdAt: Date }, maxLive: number) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${AdvisoryLock.PLAYER_PROVIDER_SESSIONS}::int, ${row.playerId}::int)`,
        );
        const [inserted] = await tx
          .insert(providerSessions)
          .values(row)
          .returning({ id: providerSessions.id });
        const live = and(eq(providerSessions.playerId, row.playerId), takingBets(row.createdAt));
        const kept = tx
          .select({ id: providerSessions.id })
          .from(providerSessions)
          .where(live)
          .orderBy(desc(providerSessions.id))
          .limit(maxLive);
        await tx
          .update(providerSessions)
          .set({ endedAt: row.createdAt })
          .where(and(live, notInArray(providerSessions.id, kept)));
        return inserted!.id;
      });
    },

    /** Whether a session can still take bets: not ended (sign-out, freeze) and not expired. */
    isSessionLive: (id: number, now: Date) =>
      exists(db, providerSessions, and(eq(providerSessions.id, id), takingBets(now))),

    /** Ends every live provider session of the player (sign-out, freeze, self-exclusion); returns how many. */
    endSessions: (playerId: number, now: Date) =>
      updateCount(db, providerSessions, and(eq(providerSessions.playerId, playerId), takingBets(now)), {
        endedAt: now,
      }),

    /**
     * A provider's session judged and the player's balance read in one round trip (koi_provider_session):
     * `status` is RS_OK or the protocol status that refuses the session.
     */
    async sessionWithBalance(q: {
      providerId: number;
      tokenHash: string;
      user: string | null;
      currency: string;
      now: Date;
    }) {
      const [row] = await queryRows<{
        status: string;
        player_id: string | null;
        username: string | null;
        game_code: string | null;
        available: string | null;
      }>(
        db,
        sql`select r_status as status, r_player_id::text as player_id, r_username as username,
              r_game_code as game_code, r_available::text as available
            from koi_provider_session(${q.providerId}::int, ${q.tokenHash}::text, ${q.user}::text,
              ${q.currency}::text, ${q.now.toISOString()}::timestamptz)`,
      );
      if (!row) throw new Error('koi_provider_session returned no row');
      return {
        status: row.status,
        playerId: row.player_id === null ? null : Number(row.player_id),
        username: row.username,
        gameCode: row.game_code,
        availableMicro: row.available === null ? null : BigInt(row.available),
      };
    },

    /** Whether the provider's transaction was recorded (a retry of a call already answered). */
    hasTransaction: (providerId: number, transactionUuid: string): Promise<boolean> =>
      exists(
        db,
        providerTransactions,
        and(
          eq(providerTransactions.transactionUuid, transactionUuid),
          eq(providerTransactions.providerId, providerId),
        ),
      ),

    /**
     * One bet, win or rollback in one statement (koi_provider_wallet_call, whose header says what it does and
     * where the records and wallet modules' SQL begins). Every bigint travels as text: node-postgres answers
     * int8 as strings and PGlite as numbers, and neither must pass through a JavaScript number.
     */
    async walletCall(c: WalletCall): Promise<WalletCallResult> {
      const [row] = await queryRows<WalletCallRow>(
        db,
        sql`select r_status as status, r_balance::text as balance, r_player_id::text as player_id,
              r_moved as moved, r_alert_kind::int as alert_kind
            from koi_provider_wallet_call(${c.kind}::smallint, ${c.providerId}::int, ${c.transactionUuid}::text,
              ${c.referenceUuid}::text, ${c.requestUuid}::text, ${c.tokenHash}::text, ${c.user}::text,
              ${c.round}::text, ${c.gameCode}::text, ${c.amountMicro === null ? null : c.amountMicro.toString()}::bigint,
              ${c.close}::boolean, ${c.fingerprint}::text, ${c.now.toISOString()}::timestamptz,
              ${c.ledger.currency}::text, ${c.ledger.house}::text, ${c.ledger.shards}::int,
              ${`{${c.ledger.codes.bet},${c.ledger.codes.win},${c.ledger.codes.rollback}}`}::smallint[],
              ${c.ledger.amountMaxMicro.toString()}::bigint, ${c.bounds.maxWinMultiplier}::int,
              ${c.bounds.maxWinPerRoundMicro.toString()}::bigint)`,
      );
      if (!row) throw new Error('koi_provider_wallet_call returned no row');
      return walletCallResult(row);
    },

    /**
     * Many calls in one statement and one transaction (koi_provider_wallet_call_batch; seamless.batcher.ts
     * forms the batches). They share the ledger parameters and bounds of the first call, which are the seamless
     * wallet's own and the same for every call. One answer per call, in the calls' order; a call that raises
     * fails the whole statement, and nothing of the batch is written.
     */
    async walletCallBatch(calls: WalletCall[], shard: number): Promise<WalletCallResult[]> {
      const first = calls[0];
      if (!first) return [];
      const payload = calls.map((c) => ({
        kind: c.kind,
        provider: c.providerId,
        transaction_uuid: c.transactionUuid,
        reference_uuid: c.referenceUuid,
        request_uuid: c.requestUuid,
        token_hash: c.tokenHash,
        user: c.user,
        round: c.round,
        game_code: c.gameCode,
        amount: c.amountMicro === null ? null : c.amountMicro.toString(),
        close: c.close,
        fingerprint: c.fingerprint,
        now: c.now.toISOString(),
      }));
      const rows = await queryRows<WalletCallRow & { index: number }>(
        db,
        sql`select r_index as index, r_status as status, r_balance::text as balance, r_player_id::text as player_id,
              r_moved as moved, r_alert_kind::int as alert_kind
            from koi_provider_wallet_call_batch(${JSON.stringify(payload)}::jsonb, ${first.ledger.currency}::text,
              ${first.ledger.house}::text, ${first.ledger.shards}::int, ${shard}::int,
              ${`{${first.ledger.codes.bet},${first.ledger.codes.win},${first.ledger.codes.rollback}}`}::smallint[],
              ${first.ledger.amountMaxMicro.toString()}::bigint, ${first.bounds.maxWinMultiplier}::int,
              ${first.bounds.maxWinPerRoundMicro.toString()}::bigint)`,
      );
      if (rows.length !== calls.length)
        throw new Error('koi_provider_wallet_call_batch did not answer every call');
      const results = new Array<WalletCallResult>(calls.length);
      for (const row of rows) results[row.index] = walletCallResult(row);
      return results;
    },

    listAlerts: (q: PageWindow) =>
      selectPage(db, providerAlerts, {
        orderBy: [desc(providerAlerts.id)],
        limit: q.limit,
        offset: q.offset,
      }),
  };
}

export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;
