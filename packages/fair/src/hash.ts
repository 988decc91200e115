import { hmacSha256ForKey, sha256, toHex } from './sha256';

/**
 * The two hash functions provable fairness needs, behind a small interface so that one implementation runs
 * in the browser (the portable one, the default) and the server may inject node:crypto (`nodeHash` in
 * `./node.ts`). Both must give the same bytes; the tests check that.
 */
export interface FairHash {
  /** HMAC-SHA256 with the UTF-8 bytes of `key` as the key and of `message` as the message; 32 bytes. */
  hmacSha256(key: string, message: string): Uint8Array;
  /** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
  sha256Hex(text: string): string;
}

/**
 * The portable implementation. It remembers the key schedule of the last key and the hash of the last
 * text only (a bound of one entry each), which is what a run of rounds under one server seed needs.
 */
export function createPortableHash(): FairHash {
  let cachedKey: string | undefined;
  let cachedHmac: ((message: string) => Uint8Array) | undefined;
  let cachedText: string | undefined;
  let cachedDigestHex = '';
  return {
    hmacSha256(key, message) {
      if (cachedHmac === undefined || cachedKey !== key) {
        cachedKey = key;
        cachedHmac = hmacSha256ForKey(key);
      }
      return cachedHmac(message);
    },
    sha256Hex(text) {
      if (cachedText !== text) {
        cachedDigestHex = toHex(sha256(text));
        cachedText = text;
      }
      return cachedDigestHex;
    },
  };
}

export const portableHash: FairHash = createPortableHash();
