import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { ROLE_PERMISSIONS, type OperatorRole } from '@koi/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/App';
import { setToken } from '../lib/session';

/** One request the screen under test sent, as the fake console server saw it. */
export type ConsoleCall = {
  path: string;
  method: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
};

/** The console's success envelope around `result`, as the real server answers. */
export function ok(result: unknown): Response {
  return new Response(JSON.stringify({ code: 200, result, message: 'ok', error: null }), {
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces `fetch` with the console server as one screen uses it, and returns every call it receives in order.
 * The signed-in operator (`/api/admin/me`) has `role` and that role's permissions; every other path goes to
 * `answer`, and a path it leaves unanswered is a 404 as on the real server. Undo with `vi.unstubAllGlobals()`.
 */
export function serveConsole(
  answer: (call: ConsoleCall) => Response | undefined | Promise<Response | undefined>,
  role: OperatorRole = 'admin',
): ConsoleCall[] {
  const calls: ConsoleCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: ConsoleCall = {
        path: new URL(String(input), 'http://koi.test').pathname,
        method: init.method ?? 'GET',
        body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
        headers: init.headers as Record<string, string>,
      };
      calls.push(call);
      if (call.path === '/api/admin/me')
        return ok({
          id: 1,
          username: 'op',
          role,
          permissions: ROLE_PERMISSIONS[role],
          must_change_password: false,
          session_id: 1,
        });
      return (
        (await answer(call)) ??
        new Response(JSON.stringify({ code: 404, result: null, message: 'not found' }), { status: 404 })
      );
    }),
  );
  return calls;
}

/** Like serveConsole, for a test about what a screen writes: returns its POST calls so far. */
export function serveWrites(
  answer: (call: ConsoleCall) => Response | undefined | Promise<Response | undefined>,
  role?: OperatorRole,
): () => ConsoleCall[] {
  const calls = serveConsole(answer, role);
  return () => calls.filter((c) => c.method === 'POST');
}

/** Renders `ui` inside the app's providers with antd's motion off. */
export function renderInConsole(ui: ReactNode) {
  render(
    <Providers>
      {/* jsdom runs no CSS transitions, so a closing dialog would wait forever for its animation to end. */}
      <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
    </Providers>,
  );
}

/** Renders one console screen inside the app's providers, signed in, and returns a user to drive it. */
export function showScreen(screenElement: ReactNode) {
  setToken('op-token');
  renderInConsole(<MemoryRouter>{screenElement}</MemoryRouter>);
  return userEvent.setup({ delay: null });
}

/** A whole antd screen per test: far slower than a unit, most of all on a busy machine. */
export const SCREEN_TEST_MS = 120_000;

/** The table row that shows `text`, once it has loaded. */
export const rowWith = async (text: string) => (await screen.findByText(text)).closest('tr')!;
