import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { fireEvent, render, screen } from './render';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import type { GameItem } from '../features/games/api/types';
import { useAuthStore } from '../stores/auth';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes in a memory router with a fresh query client. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  const client = testQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

export function renderWithProviders(ui: ReactNode, path = '/') {
  return renderRoutes([{ path: '*', element: ui }], [path]);
}

export type FakeRoute = (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined;

/** A fetch stub answering by URL; unknown URLs answer the server's 404 envelope. */
export function stubFetch(route: FakeRoute) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://koi.test');
    calls.push({ url, init });
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = route(url, init) ?? {
      status: 404,
      body: { code: 404, result: null, message: 'not found', error: { message: 'not found' } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  const to = (path: string) => calls.filter((c) => c.url.pathname === path);
  return {
    fn,
    calls,
    /** The calls made to one path, oldest first. */
    to,
    /** Whether the app called this path at all. */
    sent: (path: string) => to(path).length > 0,
  };
}

export const ok = <T,>(result: T) => ({ body: { code: 200, result, message: 'ok', error: null } });
export const fail = (code: number, message: string, status = 200) => ({
  status,
  body: { code, result: null, message, error: { message } },
});

/**
 * The setup screen tests share, for every test of the file or `describe` block it is called in: a signed-in
 * player (none with `signedIn: false`), antd-mobile's toasts caught by a spy instead of shown, and stubbed
 * globals and spies undone after each test. `toasted(text)` checks that a toast said it,
 * `lastToast()` reads what the latest one said.
 */
export function setUpScreenTests({ signedIn = true }: { signedIn?: boolean } = {}) {
  const spies = { toast: undefined as unknown as MockInstance<typeof Toast.show> };
  beforeEach(() => {
    if (signedIn) useAuthStore.getState().setToken('tok');
    else useAuthStore.setState({ token: null });
    spies.toast = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return {
    /** The toast spy of the running test. */
    get toast() {
      return spies.toast;
    },
    toasted: (content: string) =>
      expect(spies.toast).toHaveBeenCalledWith(expect.objectContaining({ content })),
    /** What the latest toast said. */
    lastToast: () => (spies.toast.mock.lastCall?.[0] as { content?: unknown } | undefined)?.content,
  };
}

/** antd-mobile's Input puts its label on the wrapper too; the form control is the one to type into. */
export function field(label: string) {
  return screen
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT' || el.tagName === 'SELECT') as HTMLInputElement;
}

/** Types a value into the labelled form control, as the player would. */
export function typeInto(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

/** A catalogue game as the games API answers it: an electronic game (category 5), playable unless `fields` say. */
export const gameItem = (id: number, fields: Partial<GameItem> = {}): GameItem => ({
  id,
  name: `游戏${id}`,
  game_image: `/hot-${id}.svg`,
  image: `/tile-${id}.svg`,
  status: 1,
  open_type: 2,
  plat_type_id: 15,
  game_type_id: 5,
  game_code: `g${id}`,
  ...fields,
});
