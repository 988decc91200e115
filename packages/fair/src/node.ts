import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FairHash } from './hash';

/**
 * The server's side: fresh server seeds from the operating system's CSPRNG, and node:crypto behind the
 * FairHash interface (the same bytes as the portable hash; the tests check that).
 */

const SERVER_SEED_BYTES = 32;

/** 32 random bytes as 64 lowercase hex digits; publish `hashServerSeed(seed)` before the first bet. */
export const newServerSeed = (): string => randomBytes(SERVER_SEED_BYTES).toString('hex');

export const nodeHash: FairHash = {
  hmacSha256: (key, message) => createHmac('sha256', key).update(message).digest(),
  sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
};
