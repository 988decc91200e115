import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEventStream } from './eventStream';

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readEventStream', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens, then passes each named event with its data, also when an event spans chunks', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          streamOf([
            'retry: 5000\n: connected\n\n',
            'event: red',
            'packet\ndata: {"room_id":1}\n\n: heartbeat\n\nevent: balance\n',
            '\nevent: other\ndata: x\n\n',
          ]),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const seen: unknown[] = [];
    const onOpen = vi.fn();
    await readEventStream(
      '/api/plat/events?topic=t',
      'tok',
      (name, data) => seen.push([name, data]),
      new AbortController().signal,
      onOpen,
    );
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([
      ['redpacket', '{"room_id":1}'],
      ['balance', undefined],
      ['other', 'x'],
    ]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/plat/events?topic=t');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('fails on a refused stream without opening it, so the caller backs off and retries', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"code":401}', { status: 401 }));
    const onOpen = vi.fn();
    await expect(
      readEventStream('/api/plat/events', 'tok', vi.fn(), new AbortController().signal, onOpen),
    ).rejects.toThrow('401');
    expect(onOpen).not.toHaveBeenCalled();
  });
});
