import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBalanceEvents } from './balanceEvents';

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('balance events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer header and signals once per balance event, also when an event spans chunks', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          streamOf([
            'retry: 5000\n: connected\n\n',
            'event: bal',
            'ance\ndata: {}\n\n: heartbeat\n\nevent: balance\ndata: {}\n',
            '\nevent: other\ndata: {}\n\n',
          ]),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onBalance = vi.fn();
    await readBalanceEvents('tok', onBalance, new AbortController().signal);
    expect(onBalance).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/plat/events');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('fails on a refused stream (signed out), so the caller backs off and retries', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"code":401}', { status: 401 }));
    await expect(readBalanceEvents('tok', vi.fn(), new AbortController().signal)).rejects.toThrow('401');
  });
});
