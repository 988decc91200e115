import bs58check from 'bs58check';

/** TRON mainnet addresses are base58check of 21 bytes: the 0x41 prefix and a 20-byte account id. */
const TRON_PREFIX = 0x41;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * True for a valid TRON address (`T…`, 34 characters, checksum verified by bs58check). A typo in one
 * character fails the checksum, so money is never sent to, or expected at, a mistyped address.
 */
export function isTronAddress(text: string): boolean {
  if (!TRON_ADDRESS.test(text)) return false;
  try {
    const bytes = bs58check.decode(text);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}
