import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from './render';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

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
  return { fn, calls };
}

export const ok = <T,>(result: T) => ({ body: { code: 200, result, message: 'ok', error: null } });
export const fail = (code: number, message: string, status = 200) => ({
  status,
  body: { code, result: null, message, error: { message } },
});
