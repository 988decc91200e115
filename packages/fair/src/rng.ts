import { accept, must, refuse, type Checked } from './errors';
import { portableHash, type FairHash } from './hash';

/**
 * The random numbers of a round, exactly as Stake publishes its provably fair scheme, so that players can
 * check a Koi round with the verifiers they already use:
 *
 *   bytes(round) = HMAC-SHA256(key = server_seed, message = `${client_seed}:${nonce}:${round}`)
 *   stream       = bytes(0) ‖ bytes(1) ‖ …       (32 bytes per HMAC)
 *   float        = Σ byte_i / 256^(i+1) over 4 consecutive bytes of the stream
 *
 * `cursor` counts bytes of the stream, as in Stake's `byteGenerator` (round = floor(cursor / 32)). Every
 * float is a multiple of 2^-32 in [0, 1); a double holds it exactly, so floats carry no rounding anywhere.
 */

export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
export const CLIENT_SEED_LENGTH_MAX = 64;
/** Printable characters only; the client seed is shown on screen and typed back into verifiers. */
const CLIENT_SEED_PATTERN = /^[\x21-\x7e\u00a0-\uffff][\x20-\x7e\u00a0-\uffff]*$/;
const BYTES_PER_HMAC = 32;
const BYTES_PER_FLOAT = 4;
/** Enough floats for any game here (mines needs 24); a bound so no caller can ask for an unbounded stream. */
export const FLOATS_PER_CALL_MAX = 1024;

export interface Seeds {
  /** 64 lowercase hex digits; the HMAC key is the UTF-8 text of those digits, as Stake does it. */
  serverSeed: string;
  clientSeed: string;
  /** Counts the bets made with one server seed/client seed pair; 0 or more. */
  nonce: number;
}

export function checkServerSeed(serverSeed: unknown): Checked<string> {
  return typeof serverSeed === 'string' && SERVER_SEED_PATTERN.test(serverSeed)
    ? accept(serverSeed)
    : refuse('server_seed_invalid');
}

export function checkClientSeed(clientSeed: unknown): Checked<string> {
  return typeof clientSeed === 'string' &&
    clientSeed.length <= CLIENT_SEED_LENGTH_MAX &&
    CLIENT_SEED_PATTERN.test(clientSeed)
    ? accept(clientSeed)
    : refuse('client_seed_invalid');
}

export function checkNonce(nonce: unknown): Checked<number> {
  return typeof nonce === 'number' && Number.isSafeInteger(nonce) && nonce >= 0
    ? accept(nonce)
    : refuse('nonce_invalid');
}

/** A round's two seeds, the server's checked first: the first one's refusal, or both. */
export function checkSeedPair(
  serverSeed: unknown,
  clientSeed: unknown,
): Checked<Pick<Seeds, 'serverSeed' | 'clientSeed'>> {
  const server = checkServerSeed(serverSeed);
  if (!server.ok) return server;
  const client = checkClientSeed(clientSeed);
  if (!client.ok) return client;
  return accept({ serverSeed: server.value, clientSeed: client.value });
}

export function checkSeeds(seeds: unknown): Checked<Seeds> {
  if (typeof seeds !== 'object' || seeds === null) return refuse('server_seed_invalid');
  const { serverSeed, clientSeed, nonce } = seeds as Record<string, unknown>;
  const pair = checkSeedPair(serverSeed, clientSeed);
  if (!pair.ok) return pair;
  const checkedNonce = checkNonce(nonce);
  if (!checkedNonce.ok) return checkedNonce;
  return accept({ ...pair.value, nonce: checkedNonce.value });
}

/**
 * The commitment published before play: SHA-256 of the server seed's text, in hex. Knowing it tells nothing
 * about the seed (SHA-256 is preimage resistant), so it tells nothing about the outcomes either.
 */
export function hashServerSeed(serverSeed: string, hash: FairHash = portableHash): string {
  return hash.sha256Hex(must(checkServerSeed(serverSeed)));
}

export interface FloatRequest extends Seeds {
  /** Byte position in the stream to start at; default 0. */
  cursor?: number;
  /** How many floats, 1 to FLOATS_PER_CALL_MAX. */
  count: number;
}

/**
 * `count` floats in [0, 1) starting at byte `cursor`. Seeds are checked: a malformed seed or nonce throws a
 * FairError rather than quietly producing numbers nobody can verify.
 */
export function generateFloats(request: FloatRequest, hash: FairHash = portableHash): number[] {
  const { serverSeed, clientSeed, nonce } = must(checkSeeds(request));
  const cursor = request.cursor ?? 0;
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new RangeError('cursor must be a byte offset ≥ 0');
  const count = request.count;
  if (!Number.isInteger(count) || count < 1 || count > FLOATS_PER_CALL_MAX) {
    throw new RangeError(`count must be 1–${FLOATS_PER_CALL_MAX}`);
  }
  return floatsUnchecked(serverSeed, clientSeed, nonce, cursor, count, hash);
}

/** The generator without the checks, for callers that checked the seeds once (settle, simulations). */
export function floatsUnchecked(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  cursor: number,
  count: number,
  hash: FairHash,
): number[] {
  const floats: number[] = [];
  let round = Math.floor(cursor / BYTES_PER_HMAC);
  let position = cursor - round * BYTES_PER_HMAC;
  let bytes = hash.hmacSha256(serverSeed, `${clientSeed}:${nonce}:${round}`);
  let float = 0;
  let divider = 1;
  for (let taken = 0; taken < count * BYTES_PER_FLOAT; taken++) {
    if (position === BYTES_PER_HMAC) {
      round += 1;
      position = 0;
      bytes = hash.hmacSha256(serverSeed, `${clientSeed}:${nonce}:${round}`);
    }
    divider *= 256;
    float += bytes[position]! / divider;
    position += 1;
    if (divider === 0x1_0000_0000) {
      floats.push(float);
      float = 0;
      divider = 1;
    }
  }
  return floats;
}
