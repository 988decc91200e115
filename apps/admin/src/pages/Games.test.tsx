import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminGameRow, AdminProviderRow } from '@koi/contract';
import { describe, expect, it } from 'vitest';
import { ok, rowWith, SCREEN_TEST_MS, serveConsole, showScreen } from '../test/console';
import { GamesPage } from './Games';

const game: AdminGameRow = {
  id: 7,
  game_code: 'pg-mahjong',
  name_zh: '麻将胡了',
  name_en: 'Mahjong Ways',
  plat_type_id: 1,
  game_type_id: 5,
  status: 1,
  enabled: true,
  is_hot: false,
  sort: 3,
  image: '',
  provider_enabled: true,
};
const provider: AdminProviderRow = {
  id: 1,
  code: 'pg',
  name: 'PG电子',
  name_en: null,
  wallet_model: 'seamless',
  enabled: true,
  sort: 0,
  game_count: 1,
};

/**
 * The console's server for this screen, recording every call. A write is answered only after `WRITE_MS`, as
 * over a real network, so a second click lands while the first request is still in flight.
 */
const WRITE_MS = 80;
function serve() {
  let wrote: (() => void) | null = null;
  const calls = serveConsole(async ({ path, method, body }) => {
    if (method === 'POST') {
      wrote?.();
      await new Promise((r) => setTimeout(r, WRITE_MS));
    }
    if (path === '/api/admin/games' && method === 'GET') return ok({ data: [game], total: 1 });
    if (path === '/api/admin/providers') return ok([provider]);
    if (path === '/api/admin/games/7') return ok({ ...game, ...body });
    if (path === '/api/admin/providers/1') return ok({ ...provider, ...body });
    return undefined;
  });
  return {
    /** The writes to `path`, without their headers (the session token is not what these tests are about). */
    writes: (path: string) =>
      calls
        .filter((c) => c.method === 'POST' && c.path === path)
        .map(({ method, body }) => ({ path, method, body })),
    /** Settles when the next write leaves for the server. */
    nextWrite: () => new Promise<void>((resolve) => (wrote = resolve)),
  };
}

const show = () => showScreen(<GamesPage />);

/**
 * Two clicks, the second as soon as the first one's request has left: after the form's validation (two
 * validations under way at once settle as one) and before the button has heard that a request is in flight.
 */
async function doubleClick(element: HTMLElement, server: ReturnType<typeof serve>) {
  const sent = server.nextWrite();
  fireEvent.click(element);
  await sent;
  fireEvent.click(element);
}

const save = () => screen.getByRole('button', { name: /保\s*存/ });

describe('the games screen: names in both languages, and one request per double click', () => {
  it(
    'renames a provider in both languages with one request, however fast the save is double-clicked',
    async () => {
      const server = serve();
      const user = show();
      await user.click(await screen.findByRole('tab', { name: '游戏厂商' }));
      // PG电子 is also the games tab's provider column; its wallet model is on the providers tab only.
      const pg = within(await rowWith('seamless'));
      await user.click(pg.getByRole('button', { name: /编\s*辑/ }));
      const english = await screen.findByLabelText('英文名称');
      await user.type(english, '  PG Soft ');
      await user.type(screen.getByLabelText('原因'), 'English mode');
      await doubleClick(save(), server);
      await waitFor(() => expect(screen.queryByLabelText('英文名称')).not.toBeInTheDocument());
      expect(server.writes('/api/admin/providers/1')).toEqual([
        {
          path: '/api/admin/providers/1',
          method: 'POST',
          body: { name: 'PG电子', name_en: '  PG Soft ', reason: 'English mode' },
        },
      ]);
    },
    SCREEN_TEST_MS,
  );

  it(
    'sends a reason prompt once when its confirm button is double-clicked',
    async () => {
      const server = serve();
      const user = show();
      const mahjong = within(await rowWith('麻将胡了'));
      await user.click(mahjong.getAllByRole('switch')[0]!);
      await user.type(await screen.findByLabelText('原因'), 'broken reels');
      await doubleClick(screen.getByRole('button', { name: /确\s*定/ }), server);
      await waitFor(() => expect(screen.queryByLabelText('原因')).not.toBeInTheDocument());
      expect(server.writes('/api/admin/games/7').map((c) => c.body)).toEqual([
        { enabled: false, reason: 'broken reels' },
      ]);
    },
    SCREEN_TEST_MS,
  );

  it(
    'saves a quick switch (the hot flag) once when it is double-clicked',
    async () => {
      const server = serve();
      show();
      const mahjong = within(await rowWith('麻将胡了'));
      await doubleClick(mahjong.getAllByRole('switch')[1]!, server);
      await waitFor(() => expect(server.writes('/api/admin/games/7')).toHaveLength(1));
      await new Promise((r) => setTimeout(r, WRITE_MS * 2));
      expect(server.writes('/api/admin/games/7').map((c) => c.body)).toEqual([{ is_hot: true }]);
    },
    SCREEN_TEST_MS,
  );
});
