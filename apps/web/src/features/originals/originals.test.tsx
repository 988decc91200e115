import { hashServerSeed, verify } from '@koi/fair';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from 'antd-mobile';
import { useAuthStore } from '../../stores/auth';
import { fireEvent, screen, waitFor } from '../../test/render';
import { ok, renderRoutes, stubFetch } from '../../test/utils';
import OriginalGamePage from './OriginalGamePage';
import { diceOffer, scaleAmount } from './params';
import { verifyRound, type HistoryEntry } from './verifyRound';

const SERVER_SEED = 'a'.repeat(64);
const HASH = hashServerSeed(SERVER_SEED);
const CLIENT_SEED = 'player-seed';

/** What the server answers for a dice bet at `nonce`, computed with the same library. */
function diceBet(nonce: number, params = { target: '50.00', direction: 'over' as const }) {
  const play = verify('dice', params, { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });
  if (!play.ok) throw new Error(play.reason);
  return {
    bet_id: nonce + 1,
    game: 'dice' as const,
    amount: '1.000000',
    payout: play.value.win ? play.value.multiplierText : '0',
    profit: play.value.win ? String(Number(play.value.multiplierText) - 1) : '-1',
    win: play.value.win,
    multiplier: play.value.multiplierText,
    // The wire is snake_case (decision 3): the server renames the fair library's outcome fields.
    outcome: {
      roll_hundredths: play.value.outcome.rollHundredths,
      roll: play.value.outcome.roll,
      target: play.value.outcome.target,
      direction: play.value.outcome.direction,
      win_chance: play.value.outcome.winChance,
    },
    balance: '99.0000',
    fairness: { server_seed_hash: HASH, client_seed: CLIENT_SEED, nonce },
    created_at: new Date().toISOString(),
  };
}

describe('verifying a round in the browser', () => {
  it('accepts a round replayed from the revealed seed', () => {
    const entry: HistoryEntry = { ...diceBet(0), params: { target: '50.00', direction: 'over' } };
    expect(verifyRound(entry, SERVER_SEED)).toEqual({ ok: true });
  });

  it('rejects a reported result the seed does not produce, and a seed that does not match its hash', () => {
    const entry: HistoryEntry = { ...diceBet(0), params: { target: '50.00', direction: 'over' } };
    expect(verifyRound({ ...entry, win: !entry.win }, SERVER_SEED).ok).toBe(false);
    expect(verifyRound(entry, 'b'.repeat(64)).ok).toBe(false);
  });

  it('shows the dice offer and scales the amount', () => {
    expect(diceOffer(50, 'over')).toEqual({ chance: '50.00', multiplier: '1.9800' });
    expect(scaleAmount('1', 2)).toBe('2');
    expect(scaleAmount('0.000001', 0.5)).toBe('0');
  });
});

describe('OriginalGamePage', () => {
  beforeEach(() => {
    vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
    useAuthStore.getState().setToken('tok');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('plays a dice round, lists it, then reveals the seed and verifies it', async () => {
    let nonce = 0;
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/plat/info') return ok({ player_name: 'p', balance: '100.0000' });
      if (url.pathname === '/api/originals/seeds')
        return ok({ current: { server_seed_hash: HASH, client_seed: CLIENT_SEED, nonce } });
      if (url.pathname === '/api/originals/dice/bet') return ok(diceBet(nonce++));
      if (url.pathname === '/api/originals/seeds/rotate') {
        return ok({
          previous: {
            server_seed: SERVER_SEED,
            server_seed_hash: HASH,
            client_seed: CLIENT_SEED,
            bets: nonce,
          },
          current: { server_seed_hash: 'f'.repeat(64), client_seed: 'new', nonce: 0 },
        });
      }
      return undefined;
    });
    renderRoutes([{ path: '/originals/:game', element: <OriginalGamePage /> }], ['/originals/dice']);
    await waitFor(() => expect(screen.getByTestId('server-seed-hash')).toHaveTextContent(HASH));
    // Auto-bet is off by default.
    expect(screen.getByRole('switch', { name: '自动投注' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: '投注' }));
    await waitFor(() => expect(screen.getByTestId('originals-balance')).toHaveTextContent('99.0000'));
    const body = String(calls.find((c) => c.url.pathname === '/api/originals/dice/bet')!.init.body);
    expect(body).toContain('target=50.00');
    expect(body).toContain('direction=over');
    expect(body).toMatch(/idempotency_key=[0-9a-f-]{36}/);
    fireEvent.click(screen.getByRole('button', { name: '更换种子并公开旧种子' }));
    const list = await screen.findByTestId('verify-list');
    expect(list).toHaveTextContent('#0 ✓ 已验证');
  });

  it('refuses an unknown game', () => {
    stubFetch(() => undefined);
    renderRoutes([{ path: '/originals/:game', element: <OriginalGamePage /> }], ['/originals/poker']);
    expect(screen.getByText('未知的游戏')).toBeInTheDocument();
  });
});
