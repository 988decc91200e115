/**
 * @koi/fair: provably fair random numbers and the outcomes of Koi's own games (decision 16). Pure: no I/O,
 * no clock, no randomness except `newServerSeed` in `./node`. Runs unchanged in the player app, which
 * verifies rounds with the portable hash.
 */
export * from './errors';
export * from './hash';
export * from './money';
export * from './rng';
export * from './dice';
export * from './limbo';
export * from './mines';
export * from './games';
export * from './redpacket';
export { sha256, hmacSha256, hmacSha256ForKey, toHex } from './sha256';
