import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { ROLE_PERMISSIONS, type AdminRedPacketRoom } from '@koi/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/App';
import { setToken } from '../../lib/session';
import { RedPacketsPage } from './RedPacketsPage';

const room: AdminRedPacketRoom = {
  id: 4,
  name: '新手房',
  name_en: null,
  min_stake: '1.000000',
  max_stake: '100.000000',
  shares_min: 5,
  shares_max: 10,
  mine_multiple: '1',
  fee_rate: '5',
  lifetime_seconds: 300,
  enabled: true,
  open_packets: 0,
  sort: 1,
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
};

type Call = { path: string; method: string; body: Record<string, unknown> | undefined };

/** The console's server for this screen, recording every call. */
function serve() {
  const calls: Call[] = [];
  const ok = (result: unknown) =>
    new Response(JSON.stringify({ code: 200, result, message: 'ok', error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://koi.test');
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ path: url.pathname, method, body });
      const path = url.pathname;
      if (path === '/api/admin/me')
        return ok({
          id: 1,
          username: 'op',
          role: 'admin',
          permissions: ROLE_PERMISSIONS.admin,
          must_change_password: false,
          session_id: 1,
        });
      if (path === '/api/admin/redpacket/rooms') return ok([room]);
      if (path === '/api/admin/redpacket/packets') return ok({ data: [], total: 0 });
      if (path === '/api/admin/redpacket/rooms/4') return ok({ ...room, ...body });
      return new Response(JSON.stringify({ code: 404, result: null, message: 'not found' }), { status: 404 });
    }),
  );
  return { writes: () => calls.filter((c) => c.method === 'POST') };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// A whole antd screen per test: far slower than a unit, most of all on a busy machine.
const SLOW = 120_000;

describe('the red-packet room form', () => {
  it(
    'gives a room an optional English name beside its Chinese one',
    async () => {
      const server = serve();
      setToken('op-token');
      render(
        <Providers>
          {/* jsdom runs no CSS transitions, so a closing dialog would wait forever for its animation to end. */}
          <ConfigProvider theme={{ token: { motion: false } }}>
            <MemoryRouter>
              <RedPacketsPage />
            </MemoryRouter>
          </ConfigProvider>
        </Providers>,
      );
      const user = userEvent.setup({ delay: null });
      const row = (await screen.findByText('新手房')).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: /修\s*改/ }));
      const english = await screen.findByLabelText('英文名称');
      expect(english).toHaveValue('');
      expect(screen.getByText('留空时英文界面显示中文名称')).toBeInTheDocument();
      await user.type(english, 'Starter Room');
      await user.type(screen.getByLabelText('原因'), 'English mode');
      await user.click(screen.getByRole('button', { name: /确\s*定|保\s*存/ }));
      await waitFor(() => expect(server.writes()).toHaveLength(1));
      expect(server.writes()[0]).toMatchObject({
        path: '/api/admin/redpacket/rooms/4',
        body: { name: '新手房', name_en: 'Starter Room', reason: 'English mode' },
      });
    },
    SLOW,
  );
});
