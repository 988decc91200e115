import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors';

/*
 * The player app, built by Vite, served from the same origin as the API, and the answer to every URL no
 * route claims.
 *
 * A reload of one of the app's own pages (/user, /recharge, /originals/dice) reaches the server as a GET of
 * that path and must get index.html, so that the client-side router can draw the page. Those requests are
 * players, not scanners: many players share one address behind a carrier-grade NAT, so they are not counted
 * against the unknown-URL limit. What counts is everything else: unknown API paths, file-like paths
 * (/.env, /wp-login.php) and requests that do not ask for a page.
 *
 * Delivery. The build writes a brotli (.br) and a gzip (.gz) copy beside every text file (apps/web
 * vite.config.ts), and @fastify/static picks the best one the browser accepts (`preCompressed`), so nothing
 * is compressed per request. Files under assets/ carry a content hash in their name and never change, so
 * they are cached for a year without revalidation; index.html names the current hashes and must be
 * revalidated on every load (`no-cache`), or a deploy would leave players on the old app.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControlFor(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache';
}

/** A browser loading a page of the app: a GET for HTML of an extension-less path outside the API. */
function isAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') && (request.headers.accept ?? '').includes('text/html');
}

export interface WebOptions {
  /** The Vite build of apps/web (WEB_DIST_DIR); when it holds no index.html only the API is served. */
  distDir: string;
}

async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  const hasWeb = fs.existsSync(path.join(opts.distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
  }

  const limitUnknown = app.limitBy('notFound');
  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && isAppPage(request)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    await limitUnknown.call(app, request, reply);
    return notFound(request, reply);
  });
}

export default fp(webPlugin, { name: 'koi-web', dependencies: ['koi-rate-limit', 'koi-errors'] });
