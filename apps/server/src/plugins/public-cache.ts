import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { createPublicChangeCache } from '../lib/change-cache';
import type { Clock } from '../lib/clock';
import type { ChangeFeed } from '../modules/events';
import { localeOf } from './locale';
import { isWrite, runFirst } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The tables a public read is built from: its answer is kept in memory, with an ETag, until one of them
     * changes (see plugins/public-cache.ts).
     */
    publicCache?: string[];
  }
  interface FastifyRequest {
    publicCacheMiss: { key: string; stamp: number; tables: string[] } | null;
  }
}

/**
 * Browsers and proxies may keep the answer but must ask again each time (If-None-Match, answered 304 from
 * memory): operators' edits show on the next request, and an unchanged list costs no body and no query.
 */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';
/** Changes drop entries at once on every node; this only bounds the harm of the unforeseen. */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  payload: string;
  etag: string;
  contentType: string;
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Public reads (banners, bulletin, game lists, categories, brands) served from memory.
 *
 * A route opts in with `config: { publicCache: [tables] }`. The first request runs the handler; its serialized
 * answer is kept under the URL, the locale and (for POST) the body, with an ETag (a hash of the bytes). Later
 * requests get those bytes, or 304 when they send the ETag back. The change feed (triggers on those tables
 * notify every node when a change commits) drops the entries of a changed table at once, everywhere; while
 * the feed is down nothing is cached, and a store is skipped when a change arrived during the read.
 */
async function publicCachePlugin(
  app: FastifyInstance,
  opts: { changes: Pick<ChangeFeed, 'on' | 'onReset' | 'isLive'>; clock: Clock },
) {
  const cache = createPublicChangeCache<Entry>({
    ttlMs: TTL_MS,
    max: MAX_ENTRIES,
    clock: opts.clock,
    changes: opts.changes,
  });

  app.decorateRequest('publicCacheMiss', null);

  const lookup: preHandlerAsyncHookHandler = async (request, reply) => {
    const tables = request.routeOptions.config.publicCache;
    if (!tables) return;
    const body = request.method === 'POST' ? JSON.stringify(request.body ?? {}) : '';
    const key = `${request.method} ${request.url} ${localeOf(request)} ${body}`;
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'accept-language');
    const hit = cache.get(key);
    if (!hit) {
      request.publicCacheMiss = { key, stamp: cache.stamp(), tables };
      return;
    }
    reply.header('etag', hit.etag);
    if (notModified(request, hit.etag)) return reply.code(304).send();
    return reply.type(hit.contentType).send(hit.payload);
  };

  // A console write has committed by the time it answers: this node forgets every cached list before the
  // answer leaves, so the operator's next look shows the change; other nodes hear it from the change feed.
  const clearOnWrite: onSendAsyncHookHandler = async (_request, reply, payload) => {
    if (reply.statusCode < 400) cache.clear();
    return payload;
  };

  const store: onSendAsyncHookHandler = async (request, reply, payload) => {
    const miss = request.publicCacheMiss;
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    cache.put(miss.key, { payload, etag, contentType }, miss.tables, miss.stamp);
    reply.header('etag', etag);
    if (notModified(request, etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  };

  // The hooks go only on the routes they serve (the public reads, the console's writes), first, so `store`
  // sees the plain JSON before the compression plugin's onSend. Global hooks would cost three
  // promises on every request of every route, the providers' wallet calls included (bench:games).
  app.addHook('onRoute', (route) => {
    if (route.config?.publicCache) {
      runFirst(route, 'preHandler', lookup);
      runFirst(route, 'onSend', store);
    }
    if (route.url.startsWith('/api/admin/') && isWrite(route)) runFirst(route, 'onSend', clearOnWrite);
  });
}

export default fp(publicCachePlugin, { name: 'koi-public-cache' });
