/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript, synchronous and dependency free.
 *
 * Why not WebCrypto: `crypto.subtle` is asynchronous only, and the fairness functions are synchronous so
 * that the server, the player app and the tests share one code path. Why not node:crypto here: the player
 * app runs `verify` in the browser. The server may inject node:crypto through `nodeHash` (`./node.ts`) for
 * speed; the tests check both implementations give the same bytes.
 */

const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;

const textEncoder = new TextEncoder();

/** Compresses one 64-byte block of `data` at `offset` into `state` (in place); `w` is scratch space. */
function compress(state: Uint32Array, data: Uint8Array, offset: number, w: Uint32Array): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const w15 = w[i - 15]!;
    const w2 = w[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choose = (e & f) ^ (~e & g);
    const t1 = (h + s1 + choose + ROUND_CONSTANTS[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (s0 + majority) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

// Scratch space reused by every call: JavaScript runs one call at a time and `finish` never yields, so no
// two calls can share it at once. Reuse matters: a million-round simulation otherwise spends most of its
// time allocating.
const scratchState = new Uint32Array(8);
const scratchSchedule = new Uint32Array(64);
const SCRATCH_BLOCKS_MAX = 4;
const scratchPadded = new Uint8Array(SCRATCH_BLOCKS_MAX * BLOCK_BYTES);
const scratchView = new DataView(scratchPadded.buffer);

/**
 * Finishes a hash whose state `initial` already absorbed `prefixBytes` bytes (whole blocks) and still has to
 * absorb `message`: pads per FIPS 180-4 §5.1.1 and returns the 32-byte digest. `initial` is not modified.
 */
function finish(initial: Uint32Array, prefixBytes: number, message: Uint8Array): Uint8Array {
  const paddedLength = Math.ceil((message.length + 9) / BLOCK_BYTES) * BLOCK_BYTES;
  const small = paddedLength <= scratchPadded.length;
  const padded = small ? scratchPadded : new Uint8Array(paddedLength);
  const view = small ? scratchView : new DataView(padded.buffer);
  padded.fill(0, 0, paddedLength);
  padded.set(message);
  padded[message.length] = 0x80;
  // The bit length fits in 53 bits for any message JavaScript can hold; write it as two 32-bit halves.
  const bitLength = (prefixBytes + message.length) * 8;
  view.setUint32(paddedLength - 8, Math.floor(bitLength / 0x1_0000_0000));
  view.setUint32(paddedLength - 4, bitLength >>> 0);
  const state = scratchState;
  state.set(initial);
  for (let offset = 0; offset < paddedLength; offset += BLOCK_BYTES) {
    compress(state, padded, offset, scratchSchedule);
  }
  const digest = new Uint8Array(DIGEST_BYTES);
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    digest[i * 4] = word >>> 24;
    digest[i * 4 + 1] = (word >>> 16) & 0xff;
    digest[i * 4 + 2] = (word >>> 8) & 0xff;
    digest[i * 4 + 3] = word & 0xff;
  }
  return digest;
}

/** UTF-8 bytes; plain ASCII, the usual case (hex seeds, "client:nonce:cursor"), skips the encoder. */
function utf8(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return textEncoder.encode(text);
    bytes[i] = code;
  }
  return bytes;
}

const toBytes = (input: string | Uint8Array): Uint8Array => (typeof input === 'string' ? utf8(input) : input);

/** SHA-256 of a UTF-8 string or bytes. */
export function sha256(input: string | Uint8Array): Uint8Array {
  return finish(INITIAL_STATE, 0, toBytes(input));
}

/**
 * Returns an HMAC-SHA256 function for one key. The key's inner and outer blocks are compressed once, so each
 * further message costs two or three block compressions; a simulation of a million rounds with one server
 * seed relies on that.
 */
export function hmacSha256ForKey(key: string | Uint8Array): (message: string | Uint8Array) => Uint8Array {
  let keyBytes = toBytes(key);
  if (keyBytes.length > BLOCK_BYTES) keyBytes = sha256(keyBytes);
  const innerPad = new Uint8Array(BLOCK_BYTES).fill(0x36);
  const outerPad = new Uint8Array(BLOCK_BYTES).fill(0x5c);
  for (let i = 0; i < keyBytes.length; i++) {
    innerPad[i] = 0x36 ^ keyBytes[i]!;
    outerPad[i] = 0x5c ^ keyBytes[i]!;
  }
  const w = new Uint32Array(64);
  const innerState = new Uint32Array(INITIAL_STATE);
  compress(innerState, innerPad, 0, w);
  const outerState = new Uint32Array(INITIAL_STATE);
  compress(outerState, outerPad, 0, w);
  return (message) => finish(outerState, BLOCK_BYTES, finish(innerState, BLOCK_BYTES, toBytes(message)));
}

/** HMAC-SHA256 of `message` under `key` (both UTF-8 strings or bytes). */
export function hmacSha256(key: string | Uint8Array, message: string | Uint8Array): Uint8Array {
  return hmacSha256ForKey(key)(message);
}

const HEX_OF_BYTE = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += HEX_OF_BYTE[byte]!;
  return hex;
}
