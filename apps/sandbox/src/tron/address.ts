import { createHash, randomBytes } from 'node:crypto';
import bs58check from 'bs58check';

/**
 * TRON addresses: a 0x41 prefix byte plus the 20-byte account id, base58check-encoded to a 34-character
 * `T…` string (the checksum is the first 4 bytes of a double SHA-256). bs58check does the encoding and the
 * checksum; nothing here hand-rolls base58.
 */
const PREFIX = 0x41;

function fromBody(body: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = PREFIX;
  payload.set(body.subarray(0, 20), 1);
  return bs58check.encode(payload);
}

/** A fresh valid address, as a wallet would generate for a new account. */
export function randomAddress(): string {
  return fromBody(randomBytes(20));
}

/** A stable valid address derived from a label (the look-alike token contract, the hot wallet). */
export function addressFromSeed(seed: string): string {
  return fromBody(createHash('sha256').update(`koi-sandbox:${seed}`).digest());
}

/** The zero address: the `from` of a mint, as on chain. */
export const ZERO_ADDRESS = fromBody(new Uint8Array(20));

/** The 21 address bytes of a base58 `T…` address with a valid checksum and prefix, else null. */
function decodeAddress(address: string): Uint8Array | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return null;
  const bytes = bs58check.decodeUnsafe(address);
  return bytes && bytes.length === 21 && bytes[0] === PREFIX ? bytes : null;
}

export function isTronAddress(address: string): boolean {
  return decodeAddress(address) !== null;
}

/**
 * TronGrid takes an address in base58 (`T…`) or hex (`41…`, 42 hex digits); both name the same account.
 * Answers the base58 form, or null for anything else (including a base58 string with a bad checksum).
 */
export function normaliseAddress(input: string): string | null {
  if (/^41[0-9a-fA-F]{40}$/.test(input)) return bs58check.encode(Buffer.from(input, 'hex'));
  return isTronAddress(input) ? input : null;
}

/** `0x` + the 20-byte account id: how TronGrid's event results spell an address. */
export function toEventHex(address: string): string {
  const bytes = decodeAddress(address);
  if (!bytes) throw new Error(`not a TRON address: ${address}`);
  return `0x${Buffer.from(bytes.subarray(1)).toString('hex')}`;
}
