/**
 * The players of `npm run bench:redpackets`, in a process of their own (forked by redpackets.bench.ts), so the
 * server's event loop is measured alone: a thousand clients parsing answers and SSE streams in the server's
 * process kept its loop busy with their own work and made grabs look slower than they are.
 *
 * The bench sends one order at a time over IPC and gets one answer back:
 * - `enter`: each token opens the room's screen (reads its feed), so each grabber's session was just checked.
 * - `grab`: every grab at once over HTTP; answers each one's latency and answer code, and the seconds from the
 *   first request to the last answer.
 * - `fanout`: opens one events stream per token on the room's topic, then grabs the packets one share at a
 *   time; for each grab, the milliseconds from sending it until each stream has seen its `grabbed` event.
 * - `stop`: exits.
 */
import { Agent, request } from 'node:http';
import type { BenchGrab, ClientOrder, ClientReply } from './redpackets.protocol';

/**
 * Requests go through node:http with one keep-alive agent, not fetch: on two cores the players share the
 * machine with the server and its database, and fetch spent about 0.5 ms of CPU a request here, which the
 * server was then short of. The agent keeps every connection open between requests, as a player's app does.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: Infinity });

function call(base: string, method: 'GET' | 'POST', path: string, token: string, body?: object) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<number>((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number }).code);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const post = (base: string, url: string, token: string, body: object) => call(base, 'POST', url, token, body);

/**
 * Every token opens the room's screen (its feed), a hundred at a time: a player grabs a packet they saw arrive
 * in the room, so the server checked their session moments before they grab.
 */
async function enterRoom(base: string, roomId: number, tokens: string[]): Promise<ClientReply> {
  for (let i = 0; i < tokens.length; i += 100)
    await Promise.all(
      tokens.slice(i, i + 100).map(async (token) => {
        const code = await call(base, 'GET', `/api/redpacket/rooms/${roomId}/feed?size=20`, token);
        if (code !== 200) throw new Error(`the room's feed answered ${code}`);
      }),
    );
  return { kind: 'entered' };
}

async function grabAll(base: string, grabs: BenchGrab[]): Promise<ClientReply> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const codes = await Promise.all(
    grabs.map(async ({ token, packetId }) => {
      const t0 = performance.now();
      const code = await post(base, '/api/redpacket/grab', token, { packet_id: packetId });
      latencies.push(performance.now() - t0);
      return code;
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    kind: 'grab',
    latencies,
    codes,
    seconds: (performance.now() - started) / 1000,
    cpuMs: (used.user + used.system) / 1000,
  };
}

/**
 * One events stream on a topic that counts the `grabbed` events of each packet and tells `onGrabbed` of each
 * at once, as the web app's room screen would react to it.
 */
async function listen(
  base: string,
  topic: string,
  token: string,
  signal: AbortSignal,
  onGrabbed: (packetId: number) => void,
) {
  const res = await fetch(`${base}/api/plat/events?topic=${encodeURIComponent(topic)}`, {
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`events stream answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  void (async () => {
    let text = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += value;
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const event = text.slice(0, end);
        text = text.slice(end + 2);
        if (event.includes(': connected')) connected();
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (!event.startsWith('event: redpacket') || !data) continue;
        const parsed = JSON.parse(data) as { type: string; packet_id: number };
        if (parsed.type === 'grabbed') onGrabbed(parsed.packet_id);
      }
    }
  })();
  await ready;
}

async function fanOut(
  base: string,
  topic: string,
  listeners: string[],
  grabs: BenchGrab[],
): Promise<ClientReply> {
  const controller = new AbortController();
  // The grab in flight: each stream's grabbed event of its packet is one arrival; it is done when all arrived.
  // Grabs go one at a time, each after every stream heard the previous one, so no arrival is another grab's.
  let waiting: { packetId: number; want: number; arrivals: number[]; done: () => void } | null = null;
  const onGrabbed = (packetId: number) => {
    if (!waiting || waiting.packetId !== packetId) return;
    waiting.arrivals.push(performance.now());
    if (waiting.arrivals.length === waiting.want) waiting.done();
  };
  // Opened a hundred at a time, as a room fills, not a thousand handshakes in one instant.
  for (let i = 0; i < listeners.length; i += 100)
    await Promise.all(
      listeners.slice(i, i + 100).map((token) => listen(base, topic, token, controller.signal, onGrabbed)),
    );
  const lastMs: number[] = [];
  const deliveryMs: number[] = [];
  try {
    for (const { token, packetId } of grabs) {
      const arrivals: number[] = [];
      const all = new Promise<void>((done) => {
        waiting = { packetId, want: listeners.length, arrivals, done };
      });
      const t0 = performance.now();
      const code = await post(base, '/api/redpacket/grab', token, { packet_id: packetId });
      if (code !== 200) throw new Error(`fan-out grab answered ${code}`);
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`${arrivals.length} of ${listeners.length} streams heard the grab`)),
          30_000,
        ).unref(),
      );
      await Promise.race([all, timeout]);
      waiting = null;
      for (const at of arrivals) deliveryMs.push(at - t0);
      lastMs.push(Math.max(...arrivals) - t0);
    }
  } finally {
    controller.abort();
  }
  return { kind: 'fanout', lastMs, deliveryMs };
}

process.on('message', (order: ClientOrder) => {
  const work =
    order.kind === 'enter'
      ? enterRoom(order.base, order.roomId, order.tokens)
      : order.kind === 'grab'
        ? grabAll(order.base, order.grabs)
        : order.kind === 'fanout'
          ? fanOut(order.base, order.topic, order.listeners, order.grabs)
          : null;
  if (!work) {
    process.disconnect();
    return;
  }
  work.then(
    (reply) => process.send!(reply),
    (error: unknown) => process.send!({ kind: 'error', message: String(error) } satisfies ClientReply),
  );
});
