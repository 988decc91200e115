import { describe, expect, it } from 'vitest';
import { settle } from './games';
import { portableHash } from './hash';

/**
 * The RTP of dice once more, through `settle` itself (checks, floats, outcome, exact payout) rather than its
 * parts, over 1 000 000 rounds. A file of its own so that it runs beside rtp.test.ts on a second core.
 */

const ROUNDS = 1_000_000;
const STAKE_MICRO = 1_000_000n;
const TARGET_RTP = 0.99;

describe('RTP through settle', () => {
  it('settle itself returns 99 % on dice over 1,000,000 rounds (the whole API path)', () => {
    const seeds = { serverSeed: portableHash.sha256Hex('koi-rtp-settle'), clientSeed: 'koi-rtp', nonce: 0 };
    let paid = 0n;
    for (let nonce = 0; nonce < ROUNDS; nonce++) {
      seeds.nonce = nonce;
      paid += settle('dice', { target: '49.50', direction: 'under' }, STAKE_MICRO, seeds).payoutMicro;
    }
    const sampled = Number(paid) / Number(STAKE_MICRO) / ROUNDS;
    console.log(`RTP dice via settle under 49.50: sampled ${(sampled * 100).toFixed(3)} %`);
    expect(Math.abs(sampled / TARGET_RTP - 1)).toBeLessThanOrEqual(0.005);
  }, 60_000);
});
