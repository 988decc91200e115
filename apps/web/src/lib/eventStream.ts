/**
 * Reads the server's events stream at `url` (Server-Sent Events) and calls `onEvent` with the name and the
 * data line of each named event; comments and heartbeats (no `event:` line) are passed over. fetch() rather
 * than EventSource, because EventSource cannot send the bearer header and the server accepts no token in the
 * URL (it would end up in logs and history). `onOpen` runs once the server has accepted the stream. Throws
 * on a refused stream, so the caller backs off and retries; resolves when the stream ends.
 */
export async function readEventStream(
  url: string,
  token: string,
  onEvent: (name: string, data: string | undefined) => void,
  signal: AbortSignal,
  onOpen?: () => void,
) {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
  onOpen?.();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    // Events end with a blank line; a partial event waits in the buffer for its rest.
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const name = lines.find((l) => l.startsWith('event: '));
      if (!name) continue;
      const data = lines.find((l) => l.startsWith('data: '));
      onEvent(name.slice('event: '.length), data?.slice('data: '.length));
    }
  }
}
