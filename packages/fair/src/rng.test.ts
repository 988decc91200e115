import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairError } from './errors';
import { createPortableHash, portableHash } from './hash';
import { newServerSeed, nodeHash } from './node';
import { checkSeeds, generateFloats, hashServerSeed } from './rng';
import { hmacSha256, sha256, toHex } from './sha256';

const SERVER_SEED = 'b6b5c1b4c06ae0fbf3b7e44fbb3f3d4e9d5a52e1d1e7a0c4e6b9f2d8a3c5e7f1';
const CLIENT_SEED = 'koi-player-1';

/** The reference, written straight from Stake's published description with node:crypto. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < count * 4; round++) {
    bytes.push(...createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest());
  }
  const floats: number[] = [];
  for (let i = 0; i < count; i++) {
    const chunk = bytes.slice(i * 4, i * 4 + 4);
    floats.push(chunk.reduce((sum, value, j) => sum + value / 256 ** (j + 1), 0));
  }
  return floats;
}

describe('SHA-256 and HMAC-SHA256 (portable)', () => {
  it('matches the FIPS 180-4 and RFC 4231 test vectors', () => {
    expect(toHex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(toHex(hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    // RFC 4231 case 6: a 131-byte key, longer than a block, is hashed first.
    expect(
      toHex(
        hmacSha256(new Uint8Array(131).fill(0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First'),
      ),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('gives the same bytes as node:crypto for any key and message', () => {
    const hash = createPortableHash();
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 400 }), (key, message) => {
        expect(toHex(hash.hmacSha256(key, message))).toBe(
          createHmac('sha256', key).update(message).digest('hex'),
        );
        expect(hash.sha256Hex(message)).toBe(createHash('sha256').update(message).digest('hex'));
        expect(nodeHash.sha256Hex(message)).toBe(hash.sha256Hex(message));
      }),
      { numRuns: 500 },
    );
  });

  it('does not mix up keys when the cached key changes', () => {
    const hash = createPortableHash();
    const first = toHex(hash.hmacSha256('key-a', 'm'));
    const second = toHex(hash.hmacSha256('key-b', 'm'));
    expect(toHex(hash.hmacSha256('key-a', 'm'))).toBe(first);
    expect(second).toBe(createHmac('sha256', 'key-b').update('m').digest('hex'));
  });
});

describe('generateFloats', () => {
  it('reproduces the known answer for a fixed seed, client seed and nonce', () => {
    const floats = generateFloats({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 1, count: 4 });
    expect(floats).toEqual(referenceFloats(SERVER_SEED, CLIENT_SEED, 1, 4));
    // Pinned values, so that a change in the reference itself is noticed too.
    expect(floats.map((float) => Math.round(float * 2 ** 32))).toMatchInlineSnapshot(`
      [
        1073720332,
        2107802342,
        2873774180,
        1179135996,
      ]
    `);
  });

  it('agrees with the independent reference across HMAC boundaries, nonces and both hashes', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const expected = referenceFloats(SERVER_SEED, CLIENT_SEED, nonce, 24);
      const request = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce, count: 24 };
      expect(generateFloats(request)).toEqual(expected);
      expect(generateFloats(request, nodeHash)).toEqual(expected);
    }
  });

  it('starts at a byte cursor as Stake does (cursor 32 is the second HMAC)', () => {
    const all = referenceFloats(SERVER_SEED, CLIENT_SEED, 7, 16);
    const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 7 };
    expect(generateFloats({ ...seeds, cursor: 4, count: 3 })).toEqual(all.slice(1, 4));
    expect(generateFloats({ ...seeds, cursor: 32, count: 8 })).toEqual(all.slice(8, 16));
    expect(generateFloats({ ...seeds, cursor: 28, count: 2 })).toEqual(all.slice(7, 9));
  });

  it('gives floats in [0, 1) that are exact multiples of 2^-32', () => {
    const floats = generateFloats({ serverSeed: SERVER_SEED, clientSeed: 'x', nonce: 0, count: 200 });
    for (const float of floats) {
      expect(float).toBeGreaterThanOrEqual(0);
      expect(float).toBeLessThan(1);
      expect(Number.isInteger(float * 2 ** 32)).toBe(true);
    }
  });

  it('refuses malformed seeds, nonces, cursors and counts', () => {
    const good = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 0, count: 1 };
    expect(() => generateFloats({ ...good, serverSeed: 'abc' })).toThrow(FairError);
    expect(() => generateFloats({ ...good, serverSeed: SERVER_SEED.toUpperCase() })).toThrow(/服务器种子/);
    expect(() => generateFloats({ ...good, clientSeed: '' })).toThrow(/客户端种子/);
    expect(() => generateFloats({ ...good, clientSeed: 'a'.repeat(65) })).toThrow(/客户端种子/);
    expect(() => generateFloats({ ...good, clientSeed: 'a\nb' })).toThrow(/客户端种子/);
    expect(() => generateFloats({ ...good, nonce: -1 })).toThrow(/nonce/);
    expect(() => generateFloats({ ...good, nonce: 1.5 })).toThrow(/nonce/);
    expect(() => generateFloats({ ...good, cursor: -4 })).toThrow(RangeError);
    expect(() => generateFloats({ ...good, count: 0 })).toThrow(RangeError);
    expect(() => generateFloats({ ...good, count: 10_000 })).toThrow(RangeError);
    expect(checkSeeds(null).ok).toBe(false);
  });
});

describe('server seed commitment', () => {
  it('is the SHA-256 of the seed text, and neither equals nor contains the seed', () => {
    const hash = hashServerSeed(SERVER_SEED);
    expect(hash).toBe(createHash('sha256').update(SERVER_SEED).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(SERVER_SEED);
    expect(hash.includes(SERVER_SEED.slice(0, 16))).toBe(false);
    expect(hashServerSeed(SERVER_SEED, nodeHash)).toBe(hash);
  });

  it('does not determine the outcomes: another seed with the same client seed and nonces plays differently', () => {
    const other = newServerSeed();
    const rolls = (serverSeed: string) =>
      Array.from(
        { length: 100 },
        (_, nonce) => generateFloats({ serverSeed, clientSeed: CLIENT_SEED, nonce, count: 1 })[0],
      );
    expect(rolls(other)).not.toEqual(rolls(SERVER_SEED));
    // Whoever only knows the hash and uses it as if it were the seed gets other numbers as well.
    expect(rolls(hashServerSeed(SERVER_SEED))).not.toEqual(rolls(SERVER_SEED));
    const sameNonce = new Set(
      Array.from(
        { length: 50 },
        () => generateFloats({ serverSeed: newServerSeed(), clientSeed: CLIENT_SEED, nonce: 0, count: 1 })[0],
      ),
    );
    expect(sameNonce.size).toBe(50);
  });

  it('newServerSeed gives 32 fresh random bytes as hex', () => {
    const seeds = new Set(Array.from({ length: 100 }, newServerSeed));
    expect(seeds.size).toBe(100);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('uses the portable hash by default', () => {
    expect(portableHash.sha256Hex(SERVER_SEED)).toBe(hashServerSeed(SERVER_SEED));
  });
});
