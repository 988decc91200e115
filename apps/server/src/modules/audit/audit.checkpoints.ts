import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { finding, findingText, type AuditFinding } from './audit.findings';
import { signatureMatches, signHex, type AuditKey, type AuditKeyRing } from './audit.keys';

/**
 * Checkpoints of the audit chain kept outside the database: each names a row (`seq`), that row's hash and when
 * it was taken, signed with the audit key. They are appended, one JSON line each, to a file under the data
 * directory and, when configured, sent to an external witness, which keeps them and answers the latest.
 */
export interface Checkpoint {
  v: 1;
  seq: number;
  hash: string;
  at: string;
  /** The id of the key that signed it. */
  key: string;
  sig: string;
}

const checkpointShape = z.object({
  v: z.literal(1),
  seq: z.number().int().min(0),
  hash: z.string().min(1).max(200),
  at: z.string().min(1).max(40),
  key: z.string().min(1).max(40),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

const signedText = (c: Pick<Checkpoint, 'seq' | 'hash' | 'at'>) =>
  `koi audit checkpoint\n${c.seq}\n${c.hash}\n${c.at}`;

export function signCheckpoint(key: AuditKey, c: { seq: number; hash: string; at: Date }): Checkpoint {
  const unsigned = { seq: c.seq, hash: c.hash, at: c.at.toISOString() };
  return { v: 1, ...unsigned, key: key.id, sig: signHex(key, signedText(unsigned)) };
}

/** Why a value read as a checkpoint is none: not one at all, signed with a key not configured, or forged. */
type CheckpointFault = { fault: 'shape' } | { fault: 'key'; key: string } | { fault: 'signature' };

/** A checkpoint read from somewhere: parsed and signed by a configured key, or why not. */
export function checkedCheckpoint(keys: AuditKeyRing, value: unknown): Checkpoint | CheckpointFault {
  const parsed = checkpointShape.safeParse(value);
  if (!parsed.success) return { fault: 'shape' };
  const c = parsed.data;
  const key = keys.byId.get(c.key);
  if (!key) return { fault: 'key', key: c.key };
  if (!signatureMatches(key, signedText(c), c.sig)) return { fault: 'signature' };
  return c;
}

/** One source's latest checkpoint: none yet, a valid one, or a problem (unreadable, forged, unreachable). */
export type CheckpointRead =
  { kind: 'none' } | { kind: 'ok'; checkpoint: Checkpoint } | { kind: 'bad'; problem: AuditFinding };

/** The checkpoint file: append-only lines, the last one the latest. */
export function checkpointFile(file: string, keys: AuditKeyRing) {
  return {
    file,
    append(c: Checkpoint) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.appendFileSync(file, `${JSON.stringify(c)}\n`, { mode: 0o600 });
    },
    /** Every line must be a signed checkpoint, each at or after the one before; the last one is the latest. */
    latest(): CheckpointRead {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
        return {
          kind: 'bad',
          problem: finding('fileUnreadable', { file, error: (error as Error).message }),
        };
      }
      let last: Checkpoint | null = null;
      const lines = text.split('\n');
      for (const [i, line] of lines.entries()) {
        if (!line.trim()) continue;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          // Only the very last line may be cut short (a crash while appending); it never named a checkpoint.
          if (i === lines.length - 1) break;
          return { kind: 'bad', problem: finding('fileLineNotCheckpoint', { line: i + 1, file }) };
        }
        const c = checkedCheckpoint(keys, value);
        if ('fault' in c) {
          const at = { line: i + 1, file };
          if (c.fault === 'key')
            return { kind: 'bad', problem: finding('fileLineUnknownKey', { ...at, key: c.key }) };
          const key = c.fault === 'shape' ? 'fileLineNotCheckpoint' : 'fileLineForged';
          return { kind: 'bad', problem: finding(key, at) };
        }
        if (last && c.seq < last.seq)
          return {
            kind: 'bad',
            problem: finding('fileLineBackwards', { line: i + 1, file, seq: c.seq, previous: last.seq }),
          };
        last = c;
      }
      return last ? { kind: 'ok', checkpoint: last } : { kind: 'none' };
    },
  };
}

const WITNESS_TIMEOUT_MS = 5_000;

/**
 * The external witness (the sandbox offers one): `POST <url>/checkpoints` stores a checkpoint and refuses one
 * that goes back or forks; `GET <url>/checkpoints/latest` answers the latest it holds (404 = none yet).
 */
export function witnessClient(url: string, keys: AuditKeyRing) {
  return {
    url,
    /** Sends a checkpoint; a refusal is worded in English, for the command line and the server's log. */
    async send(c: Checkpoint): Promise<{ ok: true } | { ok: false; problem: string }> {
      try {
        const res = await fetch(`${url}/checkpoints`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(c),
          signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS),
        });
        if (res.ok) return { ok: true };
        const text = await res.text();
        return {
          ok: false,
          problem: `the witness refused the checkpoint of row ${c.seq}: HTTP ${res.status} ${text.slice(0, 200)}`,
        };
      } catch (error) {
        return {
          ok: false,
          problem: findingText(finding('witnessUnreachable', { url, error: (error as Error).message }), 'en'),
        };
      }
    },
    async latest(): Promise<CheckpointRead> {
      let res: Response;
      try {
        res = await fetch(`${url}/checkpoints/latest`, { signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS) });
      } catch (error) {
        return {
          kind: 'bad',
          problem: finding('witnessUnreachable', { url, error: (error as Error).message }),
        };
      }
      if (res.status === 404) return { kind: 'none' };
      if (!res.ok) return { kind: 'bad', problem: finding('witnessHttp', { url, status: res.status }) };
      const c = checkedCheckpoint(keys, await res.json().catch(() => null));
      if (!('fault' in c)) return { kind: 'ok', checkpoint: c };
      if (c.fault === 'key') return { kind: 'bad', problem: finding('witnessUnknownKey', { key: c.key }) };
      return {
        kind: 'bad',
        problem: finding(c.fault === 'shape' ? 'witnessNotCheckpoint' : 'witnessForged'),
      };
    },
  };
}
