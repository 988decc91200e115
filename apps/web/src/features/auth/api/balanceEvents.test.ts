import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBalanceEvents } from './balanceEvents';

describe('balance events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the player stream and signals once per balance event, passing over the others', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          ': connected\n\nevent: balance\ndata: {}\n\nevent: other\ndata: {}\n\nevent: balance\n\n',
          {
            headers: { 'content-type': 'text/event-stream' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onBalance = vi.fn();
    await readBalanceEvents('tok', onBalance, new AbortController().signal);
    expect(onBalance).toHaveBeenCalledTimes(2);
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/api/plat/events');
  });

  it('fails on a refused stream (signed out), so the caller backs off and retries', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"code":401}', { status: 401 }));
    await expect(readBalanceEvents('tok', vi.fn(), new AbortController().signal)).rejects.toThrow('401');
  });
});
