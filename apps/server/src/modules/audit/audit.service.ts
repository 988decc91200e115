import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@koi/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { actorOf, type Actor } from '../../plugins/console';
import { createAuditRepository, GENESIS_HASH, type AuditRow } from './audit.repository';

/*
 * Design note: the audit log.
 *
 * Every operator write and every refused attempt becomes one row. Rows are never changed: database triggers
 * (operator_audit_*.trigger.sql) refuse UPDATE, DELETE and TRUNCATE, whoever sends them. Against
 * someone who can switch the triggers off (a superuser), each row carries `hash` = SHA-256 of the previous
 * row's hash and this row's fields, so a changed, removed or inserted row breaks the chain from that point
 * on, and `audit:verify` names the first broken row.
 *
 * Concurrency. The next `seq` and the previous hash come from the single row of `audit_chain_head`, read FOR
 * UPDATE and rewritten in the appending transaction: appends are serialised by that row lock, so two rows
 * never share a predecessor and `seq` has no gaps. A write that is audited appends inside its own
 * transaction (the caller passes its transaction), so the change and its audit row commit together or not
 * at all. Callers append last in their transaction, after their own row locks, so every transaction takes
 * the head lock last and no lock cycle can form through it; the head is held only until that commit.
 *
 * Secrets. `before` and `after` pass through `redact`, which drops every key that names a password, token,
 * secret, TOTP or hash, at any depth, so a careless caller cannot write one into history.
 */

export type { Actor } from '../../plugins/console';

export interface AuditEntry {
  actor: Actor | null;
  action: AuditAction;
  outcome?: 'ok' | 'denied';
  target: { type: string; id: string | number };
  reason?: string;
  before?: unknown;
  after?: unknown;
}

/** Records an audited change inside the caller's transaction; the owner of the data supplies before/after. */
export type AuditWrite = (tx: DbOrTx, change: { before?: unknown; after?: unknown }) => Promise<void>;

const SECRET_KEY = /pass(word)?|token|secret|totp|hash|otpauth/i;

/** A JSON-safe copy without secrets: bigint becomes a decimal string, Dates ISO strings. */
export function redact(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_KEY.test(k) || v === undefined) continue;
      out[k] = redact(v);
    }
    return out;
  }
  return value;
}

/** The exact text hashed for a row; any change to any field changes it. */
export function rowDigestInput(row: Omit<AuditRow, 'hash'>): string {
  return JSON.stringify([
    row.seq,
    row.at.toISOString(),
    row.operatorId ?? null,
    row.operatorUsername ?? null,
    row.ip ?? null,
    row.action,
    row.outcome,
    row.targetType,
    row.targetId,
    row.reason,
    row.before ?? null,
    row.after ?? null,
  ]);
}

export const rowHash = (row: Omit<AuditRow, 'hash'>): string =>
  sha256Hex(`${row.prevHash}\n${rowDigestInput(row)}`);

export interface ChainCheck {
  ok: boolean;
  rows: number;
  firstBadSeq: number | null;
  problem: string | null;
}

const VERIFY_BATCH = 1000;

export function createAuditLog(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function appendIn(conn: DbOrTx, entry: AuditEntry) {
    const repo = createAuditRepository(conn);
    const head = await repo.lockChainHead();
    const before = entry.before === undefined ? null : JSON.stringify(redact(entry.before));
    const after = entry.after === undefined ? null : JSON.stringify(redact(entry.after));
    const row = {
      seq: head.seq + 1,
      at: clock.now(),
      operatorId: entry.actor?.operatorId ?? null,
      operatorUsername: entry.actor?.username ?? null,
      ip: entry.actor?.ip ?? null,
      action: entry.action,
      outcome: entry.outcome ?? 'ok',
      targetType: entry.target.type,
      targetId: String(entry.target.id),
      reason: entry.reason ?? '',
      before,
      after,
      prevHash: head.hash,
    };
    await repo.appendAudit({ ...row, hash: rowHash(row) });
  }

  const repo = createAuditRepository(db);
  return {
    /** Appends one row; inside `conn` when given (the caller's transaction), else in its own transaction. */
    async record(entry: AuditEntry, conn?: DbOrTx): Promise<void> {
      if (conn) return appendIn(conn, entry);
      await db.transaction((tx) => appendIn(tx, entry));
    },

    /** An AuditWrite bound to who, what, which and why; the data's owner calls it with before/after. */
    writer(actor: Actor, action: AuditAction, target: AuditEntry['target'], reason = ''): AuditWrite {
      return (tx, change) => appendIn(tx, { actor, action, target, reason, ...change });
    },

    /**
     * Walks the whole chain in order and recomputes every hash: the first row whose stored predecessor or
     * own hash does not match, a gap in `seq`, or a head that does not name the last row, is reported.
     */
    async verify(): Promise<ChainCheck> {
      let prev = GENESIS_HASH;
      let expectSeq = 1;
      let rows = 0;
      for (;;) {
        const batch = await repo.auditBatch(expectSeq - 1, VERIFY_BATCH);
        for (const row of batch) {
          const bad = (problem: string): ChainCheck => ({ ok: false, rows, firstBadSeq: row.seq, problem });
          if (row.seq !== expectSeq) return bad(`seq ${expectSeq} is missing (next row is ${row.seq})`);
          if (row.prevHash !== prev) return bad(`row ${row.seq} does not follow the row before it`);
          if (rowHash(row) !== row.hash) return bad(`row ${row.seq} was changed after it was written`);
          prev = row.hash;
          expectSeq += 1;
          rows += 1;
        }
        if (batch.length < VERIFY_BATCH) break;
      }
      const head = await repo.chainHead();
      if (head && (head.seq !== rows || head.hash !== prev)) {
        return {
          ok: false,
          rows,
          firstBadSeq: rows + 1,
          problem: `the chain head names row ${head.seq} but the log ends at row ${rows} (rows removed at the end)`,
        };
      }
      return { ok: true, rows, firstBadSeq: null, problem: null };
    },

    /** One page of the log, newest first, for the console. */
    page: repo.auditPage,
    /** The newest row of an action (the dashboard shows when the ledger was last verified). */
    latest: repo.latestAudit,
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/**
 * What other modules take: `writer(actor, action, target, reason)` gives an AuditWrite to call inside the
 * change's own transaction; `record(entry)` appends on its own.
 */
export type AuditPort = Pick<AuditLog, 'writer' | 'record'>;

/**
 * The audit log as console routes use it: the actor is always the operator of the request, from the address the
 * call came from. `writer` is the AuditWrite of a change (the data's owner calls it inside the change's
 * transaction, so the change and its audit row commit together); `record` writes an entry on its own.
 */
export function consoleAudit(port: AuditPort) {
  return {
    writer: (
      request: FastifyRequest,
      action: AuditAction,
      target: AuditEntry['target'],
      reason = '',
    ): AuditWrite => port.writer(actorOf(request), action, target, reason),
    record: (request: FastifyRequest, entry: Omit<AuditEntry, 'actor'>) =>
      port.record({ actor: actorOf(request), ...entry }),
  };
}
