import type { FastifyRequest } from 'fastify';
import type { AuditAction, Locale } from '@koi/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Config } from '../../config';
import { sha256Hex } from '../../lib/crypto';
import { actorOf, type Actor } from '../../plugins/console';
import {
  checkpointFile,
  signCheckpoint,
  witnessClient,
  type Checkpoint,
  type CheckpointRead,
} from './audit.checkpoints';
import { finding, findingText, type AuditFinding, type CheckpointSource } from './audit.findings';
import { loadAuditKeys, signatureMatches, signHex, type AuditKey, type AuditKeyRing } from './audit.keys';
import { createAuditRepository, GENESIS_HASH, type AuditRow } from './audit.repository';

/*
 * Design note: the audit log.
 *
 * Every operator write and every refused attempt becomes one row. Rows are never changed: database triggers
 * (audit/sql/operator_audit_*.trigger.sql) refuse UPDATE, DELETE and TRUNCATE, and the server's own database
 * role (db/roles.ts) may only SELECT and INSERT them, so it can neither switch the triggers off nor set
 * `session_replication_role`. Against someone who can (the database's superuser, or anyone with a copy of the
 * owner's password), three further defences make a change visible to `audit:verify`:
 *
 * - Keyed hashes. Each row's `hash` is HMAC-SHA256, under the audit key, of the previous row's hash and this
 *   row's fields, written as `hmac:<key id>:<hex>`. The key comes from configuration (AUDIT_HMAC_KEY) and never
 *   reaches the database, so whoever rewrites a row cannot recompute the hashes after it. The HMAC is computed
 *   here, in the writer, not in SQL: pgcrypto's hmac() would need the key in the session, where a statement
 *   log, pg_stat_activity or a superuser's trigger could read it. Older keys stay valid for verifying through
 *   AUDIT_HMAC_PREVIOUS_KEYS, so the key can be rotated: rows name the id of the key that signed them.
 * - Segments. Rows written before keys existed carry a plain SHA-256 (64 hex digits). They stay verifiable
 *   as they are; the first row written with a key continues the same chain (its predecessor is the last
 *   unkeyed hash) and starts the keyed segment. An unkeyed row after a keyed one is a rewrite by someone
 *   without the key, and is reported as one.
 * - Checkpoints outside the database. Every AUDIT_CHECKPOINT_SECONDS a job signs the chain head (row number,
 *   hash, time) with the key and appends it to a file under the data directory and, when AUDIT_WITNESS_URL is
 *   set, sends it to an external witness. A log that ends before a checkpoint's row (tail erased, table
 *   emptied) or whose row differs from a checkpoint's hash (rewritten, even as a whole new chain) fails the
 *   verification. Rows appended after the last checkpoint are protected by the keyed hashes only: removing
 *   them from the end is found at the next checkpoint, as the log would then go back.
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

/** The hash of a row written before the log had keys: plain SHA-256, 64 hex digits. */
export const unkeyedRowHash = (row: Omit<AuditRow, 'hash'>): string =>
  sha256Hex(`${row.prevHash}\n${rowDigestInput(row)}`);

/** The hash of a row: HMAC-SHA256 under `key` of the same text, named by the key's id. */
export const rowHash = (row: Omit<AuditRow, 'hash'>, key: AuditKey): string =>
  `hmac:${key.id}:${signHex(key, `${row.prevHash}\n${rowDigestInput(row)}`)}`;

const KEYED_HASH = /^hmac:([0-9a-f]{12}):([0-9a-f]{64})$/;

/** Why a row's stored hash is not the one its fields, its predecessor and the keys give; null = it is. */
function rowHashProblem(row: AuditRow, keys: AuditKeyRing, keyedSince: number | null): AuditFinding | null {
  const keyed = KEYED_HASH.exec(row.hash);
  const changed = finding('rowChanged', { seq: row.seq });
  if (!keyed) {
    if (keyedSince !== null) return finding('unkeyedAfterKeyed', { seq: row.seq, since: keyedSince });
    return unkeyedRowHash(row) === row.hash ? null : changed;
  }
  const key = keys.byId.get(keyed[1]!);
  if (!key) return finding('unknownKey', { seq: row.seq, key: keyed[1]! });
  const text = `${row.prevHash}\n${rowDigestInput(row)}`;
  return signatureMatches(key, text, keyed[2]!) ? null : changed;
}

export interface ChainCheck {
  ok: boolean;
  rows: number;
  firstBadSeq: number | null;
  problem: string | null;
  /** What was checked, one line each (rows, keys, each checkpoint), for the command line and the console. */
  notes: string[];
}

/** The outcome of one checkpoint tick: the checkpoint written (null when the head had not moved), or why not. */
export interface CheckpointResult {
  written: Checkpoint | null;
  problem: string | null;
}

const VERIFY_BATCH = 1000;

export function createAuditLog(deps: { db: Db; clock: Clock; config: Pick<Config, 'audit'> }) {
  const { db, clock } = deps;
  const keys = loadAuditKeys(deps.config.audit);
  const file = checkpointFile(deps.config.audit.checkpointFile, keys);
  const witness = deps.config.audit.witnessUrl ? witnessClient(deps.config.audit.witnessUrl, keys) : null;
  /** The newest row the witness acknowledged from this process; a checkpoint it missed is sent again. */
  let witnessHas = -1;

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
    await repo.appendAudit({ ...row, hash: rowHash(row, keys.current) });
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
     * Walks the whole chain in order and checks every hash against the keys: the first row whose stored
     * predecessor or own hash does not match, a gap in `seq`, or a head that does not name the last row, is
     * reported. Then the latest checkpoint of the file and of the witness must name a row the log still has,
     * with the hash it had then. The problem and the notes are worded in `locale`: English for the command
     * line, the operator's language for the console (audit.findings.ts).
     */
    async verify(locale: Locale = 'en'): Promise<ChainCheck> {
      const say = (f: AuditFinding) => findingText(f, locale);
      const sources: [CheckpointSource, CheckpointRead][] = [['file', file.latest()]];
      if (witness) sources.push(['witness', await witness.latest()]);
      const wanted = new Set<number>();
      for (const [, read] of sources) if (read.kind === 'ok') wanted.add(read.checkpoint.seq);
      const hashAt = new Map<number, string>([[0, GENESIS_HASH]]);

      let prev = GENESIS_HASH;
      let expectSeq = 1;
      let rows = 0;
      let keyedSince: number | null = null;
      const notes: string[] = [];
      const broken = (firstBadSeq: number, problem: AuditFinding): ChainCheck => ({
        ok: false,
        rows,
        firstBadSeq,
        problem: say(problem),
        notes,
      });
      for (;;) {
        const batch = await repo.auditBatch(expectSeq - 1, VERIFY_BATCH);
        for (const row of batch) {
          if (row.seq !== expectSeq)
            return broken(row.seq, finding('seqMissing', { seq: expectSeq, next: row.seq }));
          if (row.prevHash !== prev) return broken(row.seq, finding('notFollowing', { seq: row.seq }));
          const problem = rowHashProblem(row, keys, keyedSince);
          if (problem) return broken(row.seq, problem);
          if (keyedSince === null && row.hash.startsWith('hmac:')) keyedSince = row.seq;
          if (wanted.has(row.seq)) hashAt.set(row.seq, row.hash);
          prev = row.hash;
          expectSeq += 1;
          rows += 1;
        }
        if (batch.length < VERIFY_BATCH) break;
      }
      notes.push(
        say(
          keyedSince === null
            ? finding('rowsNoneKeyed', { rows })
            : keyedSince === 1
              ? finding('rowsAllKeyed', { rows })
              : finding('rowsKeyedFrom', { rows, unkeyed: keyedSince - 1, since: keyedSince }),
        ),
      );
      const head = await repo.chainHead();
      if (head && (head.seq !== rows || head.hash !== prev)) {
        return broken(rows + 1, finding('headBeyondLog', { head: head.seq, rows }));
      }
      for (const [source, read] of sources) {
        if (read.kind === 'none') {
          notes.push(say(finding('noCheckpoint', { source })));
          continue;
        }
        if (read.kind === 'bad') return broken(rows + 1, read.problem);
        const c = read.checkpoint;
        const at = { source, seq: c.seq, at: c.at };
        if (c.seq > rows) return broken(rows + 1, finding('checkpointBeyondLog', { ...at, rows }));
        if (hashAt.get(c.seq) !== c.hash) return broken(c.seq, finding('checkpointRewritten', at));
        notes.push(say(finding('checkpointHolds', at)));
      }
      return { ok: true, rows, firstBadSeq: null, problem: null, notes };
    },

    /**
     * Signs the chain head and appends it to the checkpoint file and the witness, when it moved since the last
     * checkpoint. Refuses, naming why, when the head or the last checkpoint's row is not what it was: the
     * verifier would report the same, and a new checkpoint must never vouch for a rewritten log.
     */
    async checkpoint(): Promise<CheckpointResult> {
      const refused = (problem: string): CheckpointResult => ({ written: null, problem });
      const head = (await repo.chainHead()) ?? { seq: 0, hash: GENESIS_HASH };
      if (head.seq > 0) {
        const row = await repo.auditRow(head.seq);
        if (!row || row.hash !== head.hash)
          return refused(`the chain head names row ${head.seq}, which the log does not hold as named`);
        const problem = rowHashProblem(row, keys, null);
        if (problem) return refused(findingText(problem, 'en'));
      }
      const last = file.latest();
      if (last.kind === 'bad') return refused(findingText(last.problem, 'en'));
      if (last.kind === 'ok') {
        const c = last.checkpoint;
        if (head.seq < c.seq)
          return refused(`the log went back from row ${c.seq} (checkpoint of ${c.at}) to row ${head.seq}`);
        const then = c.seq === 0 ? { hash: GENESIS_HASH } : await repo.auditRow(c.seq);
        if (then?.hash !== c.hash)
          return refused(
            `row ${c.seq} is not the row the checkpoint of ${c.at} names: the log was rewritten`,
          );
        if (head.seq === c.seq) {
          // Nothing new; but a witness that was down when this checkpoint was written hears it now.
          if (witness && witnessHas < c.seq) {
            const sent = await witness.send(c);
            if (!sent.ok) return refused(sent.problem);
            witnessHas = c.seq;
          }
          return { written: null, problem: null };
        }
      }
      const checkpoint = signCheckpoint(keys.current, { seq: head.seq, hash: head.hash, at: clock.now() });
      file.append(checkpoint);
      if (witness) {
        const sent = await witness.send(checkpoint);
        if (!sent.ok) return { written: checkpoint, problem: sent.problem };
        witnessHas = checkpoint.seq;
      }
      return { written: checkpoint, problem: null };
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
