import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../../plugins/auth';
import { AppError } from '../../errors';
import type { BalanceHub } from './events.hub';

/** Comment lines keep proxies and load balancers from closing an idle stream (most cut at 30–60 s). */
export const HEARTBEAT_MS = 25_000;
/** Open streams per player on one node; a new one closes the oldest (a player with many stale tabs). */
export const STREAMS_PER_PLAYER = 5;
/** The browser's reconnect delay after a dropped stream. */
const RETRY_MS = 5_000;

interface Stream {
  close(): void;
}

/** A topic a stream may follow: lowercase words joined by dots, e.g. `redpacket.room.3`. */
const TOPIC_PATTERN = /^[a-z0-9_-]+(\.[a-z0-9_-]+){0,4}$/;
const TOPIC_MAX = 64;

/**
 * GET /api/plat/events: a Server-Sent Events stream that says `event: balance` whenever the signed-in
 * player's balance changed (no amount: the client refetches user info, which stays the one source of truth),
 * and `event: notification` when someone liked, commented on or replied to them (the client refetches the list).
 * With `?topic=<name>` the stream also carries that topic's events (`event: <name>` and a JSON `data:` line),
 * e.g. a red-packet room's arrivals and grabs, published through the hub on any node.
 *
 * Authentication is the usual bearer header, nothing else. Browsers' EventSource cannot send headers, and a
 * token in the query string would end up in access logs, proxies and browser history, so the web app reads
 * the stream with fetch() instead, which can send the header.
 *
 * The reply is hijacked: Fastify's onSend hooks (a compression plugin among them) never see the stream, so
 * nothing buffers it, and every event is written to the socket at once.
 */
export async function eventsRoutes(
  app: FastifyInstance,
  opts: { hub: BalanceHub; heartbeatMs?: number; streamsPerPlayer?: number },
) {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const limit = opts.streamsPerPlayer ?? STREAMS_PER_PLAYER;
  /** This node's open streams per player, oldest first. */
  const open = new Map<number, Stream[]>();
  const all = new Set<Stream>();

  // Closing the app (SIGTERM) ends every stream, so the server's drain does not wait for them.
  app.addHook('onClose', async () => {
    for (const stream of [...all]) stream.close();
  });

  app.get(
    '/api/plat/events',
    { preHandler: app.requireAuth, schema: { hide: true } },
    async (request: FastifyRequest, reply) => {
      const { playerId } = sessionOf(request);
      const topic = (request.query as { topic?: unknown }).topic;
      if (
        topic !== undefined &&
        (typeof topic !== 'string' || topic.length > TOPIC_MAX || !TOPIC_PATTERN.test(topic))
      ) {
        throw new AppError('BAD_REQUEST', { detail: 'topic' });
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx buffers proxied responses unless told not to.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);

      let closed = false;
      const stream: Stream = {
        close() {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          unsubscribeTopic();
          all.delete(stream);
          const list = open.get(playerId);
          if (list) {
            const rest = list.filter((s) => s !== stream);
            if (rest.length) open.set(playerId, rest);
            else open.delete(playerId);
          }
          raw.end();
        },
      };
      const unsubscribe = opts.hub.subscribe(playerId, (signal) => {
        if (!closed) raw.write(`event: ${signal}\ndata: {}\n\n`);
      });
      const unsubscribeTopic =
        typeof topic === 'string'
          ? opts.hub.subscribeTopic(topic, (event, data) => {
              if (!closed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
            })
          : () => undefined;
      const heartbeat = setInterval(() => {
        if (!closed) raw.write(': heartbeat\n\n');
      }, heartbeatMs);
      heartbeat.unref();
      raw.on('close', () => stream.close());
      raw.on('error', () => stream.close());

      all.add(stream);
      const list = [...(open.get(playerId) ?? []), stream];
      open.set(playerId, list);
      // Bounded per player: the oldest streams give way (their tabs reconnect, which then closes the next).
      while (list.length > limit) list.shift()?.close();
    },
  );
}
