import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AuditConfig } from '../../config';

/**
 * The audit log's keys: the one that signs new rows and checkpoints, and earlier ones that only verify. A key
 * is named by its id, a short HMAC of a fixed label under the key, so a row says which key signed it without
 * revealing anything about the key.
 */
export interface AuditKey {
  id: string;
  secret: Buffer;
}

export interface AuditKeyRing {
  current: AuditKey;
  byId: ReadonlyMap<string, AuditKey>;
}

const hmacHex = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('hex');

function auditKey(text: string): AuditKey {
  const secret = Buffer.from(text, 'utf8');
  return { id: hmacHex(secret, 'koi audit key id').slice(0, 12), secret };
}

/**
 * A development server without AUDIT_HMAC_KEY generates its key into the data directory on first run and
 * reads it from there afterwards (readable by the owner only). The file appears whole or not at all: the key
 * is written to a file of its own and then linked into place, which fails when another process (a second
 * worker, a command) got there first, and then that one's key is used. Under NODE_ENV=production there is
 * no such file: the key must be configured.
 */
function developmentKey(file: string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < 32)
    throw new Error(`The audit key in ${file} is shorter than 32 characters; replace or remove it`);
  return key;
}

export function loadAuditKeys(config: AuditConfig): AuditKeyRing {
  let text = config.key;
  if (!text) {
    if (!config.keyFile) {
      throw new Error(
        'Invalid configuration:\n  AUDIT_HMAC_KEY: required under NODE_ENV=production (at least 32 random characters, kept outside the database)',
      );
    }
    text = developmentKey(config.keyFile);
  }
  const current = auditKey(text);
  const byId = new Map<string, AuditKey>([[current.id, current]]);
  for (const previous of config.previousKeys) {
    const key = auditKey(previous);
    if (!byId.has(key.id)) byId.set(key.id, key);
  }
  return { current, byId };
}

/** HMAC-SHA256 of `text` under `key`, as hex. */
export const signHex = (key: AuditKey, text: string): string => hmacHex(key.secret, text);

/** Whether `hex` is the HMAC of `text` under `key` (compared in constant time). */
export function signatureMatches(key: AuditKey, text: string, hex: string): boolean {
  const expected = Buffer.from(signHex(key, text), 'hex');
  const given = Buffer.from(hex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
