import { hashServerSeed, verify } from '@koi/fair';
import { describe, expect, it } from 'vitest';
import { Toast } from 'antd-mobile';
import { fireEvent, screen, waitFor } from '../../test/render';
import { fail, ok, renderRoutes, setUpScreenTests, stubFetch } from '../../test/utils';
import { ApiError } from '../../lib/http';
import OriginalGamePage from './OriginalGamePage';
import { diceOffer, scaleAmount } from './params';
import { outcomeUnknown } from './useBetAttempt';
import { replayParams, verifyRound, type HistoryEntry } from './verifyRound';

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

  it('replays stored parameters (target in hundredths) as the player’s form', () => {
    expect(replayParams({ targetHundredths: 5000, direction: 'over' })).toEqual({
      target: '50.00',
      direction: 'over',
    });
    expect(replayParams({ target_hundredths: 235 })).toEqual({ target: '2.35' });
    expect(replayParams({ target: '2', other: 1 })).toEqual({ target: '2', other: 1 });
    expect(replayParams({ mines: 3, picks: [0, 1] })).toEqual({ mines: 3, picks: [0, 1] });
  });

  it('shows the dice offer and scales the amount', () => {
    expect(diceOffer(50, 'over')).toEqual({ chance: '50.00', multiplier: '1.9800' });
    expect(scaleAmount('1', 2)).toBe('2');
    expect(scaleAmount('0.000001', 0.5)).toBe('0');
  });
});

describe('OriginalGamePage', () => {
  setUpScreenTests();

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

  /** Renders dice with a bet endpoint answering from `answers` in order; returns the keys each bet sent. */
  function diceWith(answers: ('lost' | 'down' | 'refused' | 'ok')[]) {
    let nonce = 0;
    const keys: string[] = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/plat/info') return ok({ player_name: 'p', balance: '100.0000' });
      if (url.pathname === '/api/originals/seeds')
        return ok({ current: { server_seed_hash: HASH, client_seed: CLIENT_SEED, nonce } });
      if (url.pathname === '/api/originals/dice/bet') {
        keys.push(new URLSearchParams(String(init.body)).get('idempotency_key')!);
        const answer = answers.shift();
        if (answer === 'lost') throw new TypeError('Failed to fetch');
        if (answer === 'down') return fail(503, '服务不可用', 503);
        if (answer === 'refused') return fail(3001, '余额不足');
        return ok(diceBet(nonce++));
      }
      return undefined;
    });
    renderRoutes([{ path: '/originals/:game', element: <OriginalGamePage /> }], ['/originals/dice']);
    return keys;
  }

  async function tapBet(times: number, keys: string[]) {
    const before = keys.length;
    fireEvent.click(screen.getByRole('button', { name: '投注' }));
    await waitFor(() => expect(keys.length).toBe(before + times));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '投注' })).not.toHaveClass('adm-button-loading'),
    );
  }

  it('retries a bet whose answer was lost with the same idempotency key, and the next bet with a new one', async () => {
    const keys = diceWith(['lost', 'down', 'ok', 'ok']);
    await tapBet(1, keys);
    await tapBet(1, keys);
    await tapBet(1, keys);
    await waitFor(() => expect(screen.getByTestId('originals-balance')).toHaveTextContent('99.0000'));
    await tapBet(1, keys);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // Lost connection, then 503: both may have settled, so the retries carry the first key.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    // Settled: the next bet is a new attempt.
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('starts a new attempt after the server refused the bet', async () => {
    const keys = diceWith(['refused', 'ok']);
    await tapBet(1, keys);
    await tapBet(1, keys);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('starts a new attempt when the stake changed after a lost answer', async () => {
    const keys = diceWith(['lost', 'ok']);
    await tapBet(1, keys);
    fireEvent.click(screen.getByRole('button', { name: '2×' }));
    await tapBet(1, keys);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('asks for a tile before a mines bet and sends nothing', async () => {
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/plat/info' ? ok({ player_name: 'p', balance: '100.0000' }) : undefined,
    );
    renderRoutes([{ path: '/originals/:game', element: <OriginalGamePage /> }], ['/originals/mines']);
    fireEvent.click(screen.getByRole('button', { name: '投注' }));
    await waitFor(() =>
      expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: '请先选择要翻开的格子' })),
    );
    expect(calls.some((c) => c.url.pathname.includes('/bet'))).toBe(false);
  });
});

describe('whether a failed bet may have settled', () => {
  it('is unknown for a lost connection, a timeout and a 5xx; known for refusals and cancellations', () => {
    expect(outcomeUnknown(new ApiError('net', 0, 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('timeout', 408, 408))).toBe(true);
    expect(outcomeUnknown(new ApiError('busy', 502, 502))).toBe(true);
    expect(outcomeUnknown(new ApiError('余额不足', 3001, 200))).toBe(false);
    expect(outcomeUnknown(new ApiError('bad', 400, 400))).toBe(false);
    expect(outcomeUnknown(new ApiError('too many', 429, 429))).toBe(false);
    expect(outcomeUnknown(new ApiError('cancelled', 0, 0, true))).toBe(false);
    expect(outcomeUnknown(new Error('other'))).toBe(false);
  });
});
