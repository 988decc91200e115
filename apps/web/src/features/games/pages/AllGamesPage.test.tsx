import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '../../../test/render';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { setLanguage } from '../../../i18n';
import { createQueryClient } from '../../../lib/query';
import { ok, setUpScreenTests, stubFetch } from '../../../test/utils';
import AllGamesPage from './AllGamesPage';

setUpScreenTests({ signedIn: false });

/** The server's all-games records, named in the language the request asked for. */
function serve() {
  return stubFetch((url, init) => {
    if (url.pathname !== '/api/plat/game-plat-list') return undefined;
    const en = (init.headers as Record<string, string>)['Accept-Language'] === 'en';
    return ok([
      {
        game_type_id: 5,
        plat_type_id: 1,
        plat_name: en ? 'PG Soft' : 'PG电子',
        brand_image: en ? '/art/brands/1.svg?lang=en' : '/art/brands/1.svg',
        game_count: 5,
      },
    ]);
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('all games in the player language', () => {
  it('asks again in English when the player switches, and shows the English names and artwork', async () => {
    const server = serve();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AllGamesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('img', { name: 'PG电子' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '电子游戏' })).toBeInTheDocument();

    act(() => setLanguage('en'));
    const brand = await screen.findByRole('img', { name: 'PG Soft' });
    expect(brand.getAttribute('src')).toContain('/art/brands/1.svg?lang=en');
    expect(screen.getByRole('heading', { name: 'Slots' })).toBeInTheDocument();
    const asked = server.to('/api/plat/game-plat-list');
    expect(asked.map((c) => (c.init.headers as Record<string, string>)['Accept-Language'])).toEqual([
      'zh-CN',
      'en',
    ]);
  });
});
