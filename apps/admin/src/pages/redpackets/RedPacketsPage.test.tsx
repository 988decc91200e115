import { screen, waitFor, within } from '@testing-library/react';
import type { AdminRedPacketRoom } from '@koi/contract';
import { describe, expect, it } from 'vitest';
import { ok, rowWith, SCREEN_TEST_MS, serveWrites, showScreen } from '../../test/console';
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

/** The console's server for this screen, recording what it writes. */
function serve() {
  const writes = serveWrites(({ path, body }) => {
    if (path === '/api/admin/redpacket/rooms') return ok([room]);
    if (path === '/api/admin/redpacket/packets') return ok({ data: [], total: 0 });
    if (path === '/api/admin/redpacket/rooms/4') return ok({ ...room, ...body });
    return undefined;
  });
  return { writes };
}

describe('the red-packet room form', () => {
  it(
    'gives a room an optional English name beside its Chinese one',
    async () => {
      const server = serve();
      const user = showScreen(<RedPacketsPage />);
      const row = await rowWith('新手房');
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
    SCREEN_TEST_MS,
  );
});
