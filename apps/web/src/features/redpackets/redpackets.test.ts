import { describe, expect, it } from 'vitest';
import type { RedPacketDetail } from '@koi/contract';
import { microOf, shown, usdtOf, verifyPacket } from './verify';

/** The worked example of the formula (packages/fair pins it): 10 USDT in 5 shares, lucky-8, packet 42. */
const SHARES = ['1.525164', '1.825367', '2.481632', '1.521444', '2.646393'];
const closed = (shares: string[], seed: string | null): RedPacketDetail => ({
  id: 42,
  room_id: 1,
  room_name: 'r',
  sender: 'ab***c',
  is_mine: false,
  total: '10.000000',
  shares: 5,
  grabbed: shares.length,
  mine_digit: 2,
  mine_multiple: '1',
  mine_payment: '10.000000',
  fee_rate: '5',
  state: seed ? 'closed' : 'open',
  close_reason: seed ? 'all_grabbed' : null,
  refunded: seed ? '0.000000' : null,
  expires_at: '2026-01-01T00:05:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  closed_at: seed ? '2026-01-01T00:01:00.000Z' : null,
  server_seed_hash: '788dd2f0dd9e4009a705ccfb0e12ba48687abf058726490acd857f7e981531c8',
  client_seed: 'lucky-8',
  server_seed: seed,
  grabs: shares.map((share, i) => ({
    seq: i + 1,
    player: 'x***y',
    is_me: false,
    share,
    share_shown: share.slice(0, -4),
    mine_hit: false,
    mine_payment: null,
    created_at: '2026-01-01T00:00:30.000Z',
  })),
  my_seq: null,
});
const SEED = '07661f0c25a156a918da909baa640453a45423d87256412daa0e5e2158dda12b';

describe('red-packet verification in the browser', () => {
  it('reads and writes wire amounts exactly and shows shares with 2 decimals rounded down', () => {
    expect(microOf('1.525164')).toBe(1_525_164n);
    expect(microOf('10')).toBe(10_000_000n);
    expect(usdtOf(1_239_999n)).toBe('1.239999');
    expect(shown(1_239_999n)).toBe('1.23');
    expect(() => microOf('1e3')).toThrow();
  });

  it('confirms a closed packet whose shares match the recomputed split', () => {
    const result = verifyPacket(closed(SHARES, SEED), false, 'mismatch');
    expect(result.state).toBe('ok');
  });

  it('confirms the claimed shares of an expired packet and catches a share that was changed', () => {
    expect(verifyPacket(closed(SHARES.slice(0, 2), SEED), false, 'mismatch').state).toBe('ok');
    const tampered = [...SHARES];
    tampered[3] = '1.521445';
    expect(verifyPacket(closed(tampered, SEED), false, 'mismatch')).toMatchObject({
      state: 'failed',
      reason: 'mismatch',
    });
  });

  it('refuses a seed that does not match the published hash, and waits while the packet is open', () => {
    const wrong = verifyPacket(closed(SHARES, SEED.replace('0', '1')), true, 'mismatch');
    expect(wrong).toEqual({ state: 'failed', reason: 'server seed does not match the published hash' });
    expect(verifyPacket(closed(SHARES, null), false, 'mismatch')).toEqual({ state: 'waiting' });
  });
});
