import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FIRST_SCREEN_ELEMENT_ID } from '@koi/contract/client';
import type { FirstScreenCatalogue, FirstScreenData } from '@koi/contract';
import fastifyStatic from '@fastify/static';
import {
  BANNER_LOOK,
  createSvgRaster,
  sendSvgPicture,
  type RasterLook,
  type SvgRaster,
} from '../lib/svg-raster';
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
 * is compressed per request. The build's own files (assets/<name>-<8-character hash>.<ext>) never change
 * under their name, so they are cached for a year without revalidation; index.html names the current hashes
 * and must be revalidated on every load (`no-cache`), or a deploy would leave players on the old app. The
 * artwork copied as is from apps/web/public (assets/logo.svg, assets/banners/…) keeps its name when a deploy
 * changes it, so it is cached for an hour only: a round trip saved on most visits, a new picture seen soon.
 * Those pictures are SVG (banners, logos, category and partner marks) and go to a browser that accepts WebP
 * as WebP (lib/svg-raster.ts says why), so they are answered by routes of this plugin, not read from disk.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const UNHASHED_ASSET = 'public, max-age=3600';
/** Vite's output name: directly in assets/, `<name>-<hash>.<ext>`, the hash 8 URL-safe characters. */
const HASHED = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+(?:\.(?:br|gz))?$/;

function cacheControlFor(filePath: string): string {
  const parent = path.basename(path.dirname(filePath));
  if (parent === 'assets' && HASHED.test(path.basename(filePath))) return IMMUTABLE;
  return filePath.includes(`${path.sep}assets${path.sep}`) ? UNHASHED_ASSET : 'no-cache';
}

/** A browser loading a page of the app: a GET for HTML of an extension-less path outside the API. */
function isAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') && (request.headers.accept ?? '').includes('text/html');
}

/** What index.html carries for the home page's first screen (packages/contract firstScreenData). */
export interface FirstScreen {
  /** The pictures the home page paints first (the carousel's first banner), asked for at once. */
  images: string[];
  /** The first screen's data, embedded as JSON for the app's first render. */
  data: FirstScreenData;
}

/**
 * The first screen from its parts: the content module's (banners, bulletin, the picture to preload) and the
 * games module's catalogue. The catalogue is an addition: when it fails, the page still carries the rest
 * (`failed` hears why) and the app asks for the catalogue as it did before the page carried it.
 */
export async function firstScreenOf(
  home: () => Promise<FirstScreen>,
  catalogue: () => Promise<FirstScreenCatalogue>,
  failed: (error: unknown) => void,
): Promise<FirstScreen> {
  const [screen, games] = await Promise.all([
    home(),
    catalogue().catch((error: unknown) => {
      failed(error);
      return undefined;
    }),
  ]);
  return games ? { ...screen, data: { ...screen.data, catalogue: games } } : screen;
}

export interface WebOptions {
  /** The Vite build of apps/web (WEB_DIST_DIR); when it holds no index.html only the API is served. */
  distDir: string;
  /** The home page's first screen (content module). Failing or absent, the page is served without it. */
  firstScreen?: () => Promise<FirstScreen>;
  /** Draws the app's SVG pictures as WebP (one per app, shared with the games module's artwork). */
  raster?: SvgRaster;
}

/**
 * The build's SVG pictures copied as is from apps/web/public (under assets/, no hash in the name), dist-relative,
 * that go as WebP.
 */
function publicPictures(distDir: string): string[] {
  const assets = path.join(distDir, 'assets');
  if (!fs.existsSync(assets)) return [];
  return (fs.readdirSync(assets, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && entry.name.endsWith('.svg') && !HASHED.test(entry.name))
    .map((entry) =>
      path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
}

/**
 * The banners go as WebP too, in a look of their own (BANNER_LOOK: their own size, fewer bytes). As SVG the
 * first banner, the home page's largest paint, cost the page's main thread a task of its own while the app
 * started (the picture's document created and laid out: 13-31 ms in bench:web's traces on this 2-core machine,
 * 4.5-6.6 ms of it CPU, each multiplied by the calibrated phone's 9-10x slowdown), and the next two banners
 * one each again; as WebP a picture is decoded off the main thread. 8.4 KB against the SVG's 1.9 KB is about
 * 30 ms more on the simulated slow 4G network.
 */
const lookOf = (file: string) => (file.startsWith('assets/banners/') ? BANNER_LOOK : undefined);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * JSON that stays JSON inside a `<script>` element: `<`, `>` and `&` written as \u escapes, so no text an
 * operator typed (a banner's title: `</script><script>…`) can end the element or open a comment; U+2028 and
 * U+2029 too, which older parsers refuse in a string. JSON.parse reads the escapes back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The home page's addresses (apps/web app/routes: `/` opens at /home). */
const HOME_PATHS = new Set(['/', '/home']);

/** Where index.html's splash takes the first banner (apps/web index.html). */
export const SPLASH_BANNER_MARKER = '<!--koi:splash-banner-->';

/**
 * index.html with the home page's first screen in it: a preload of each first-screen image and the first
 * screen's data as JSON in its head, and the first banner in the splash. The home page's largest paint is the
 * first banner, which the app otherwise shows only after its JavaScript ran and /api/banner answered:
 * Lighthouse's mobile run (bench:web) put 44% of the largest paint in that wait for the picture, and the rest
 * in the wait for the answer and the renders it queued behind. Preloaded, the picture downloads beside the
 * scripts; embedded, the banners are in the app's first render; drawn in the splash (where the home draws it,
 * a little larger, so that the app's copy is not a later, larger paint; on the home page's addresses only),
 * it is on screen as soon as it arrives, before the scripts. Only same-site paths and https addresses are
 * used, each escaped for the attribute.
 */
export function withFirstScreen(
  html: string,
  screen: FirstScreen | null,
  { home = true }: { home?: boolean } = {},
): string {
  if (!screen) return html;
  const images = screen.images.filter((src) => /^\/(?!\/)|^https:\/\//.test(src));
  const links = images
    .map((src) => `<link rel="preload" as="image" href="${escapeAttribute(src)}" fetchpriority="high" />`)
    .join('');
  const data = `<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">${scriptSafeJson(screen.data)}</script>`;
  // Another page of the app (a reload of /user) keeps the plain splash: the banner is the home page's.
  const banner =
    home && images[0]
      ? `<img class="boot-splash__banner" src="${escapeAttribute(images[0])}" width="690" height="280" alt="" />`
      : '';
  return html.replace('</head>', `${links}${data}</head>`).replace(SPLASH_BANNER_MARKER, banner);
}

async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  const indexPath = path.join(opts.distDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  const pictures = hasWeb ? publicPictures(opts.distDir) : [];
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      // The pictures get routes of their own, below.
      globIgnore: pictures,
      // `/` is answered below, index.html with the first screen; the build's files from disk.
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
  }
  const raster = opts.raster ?? createSvgRaster();
  const banners: { svg: string; look: RasterLook }[] = [];
  for (const file of pictures) {
    // Read once, like index.html: a deploy restarts the server.
    const svg = fs.readFileSync(path.join(opts.distDir, file), 'utf8');
    const look = lookOf(file);
    if (look === BANNER_LOOK) banners.push({ svg, look });
    app.get(`/${file}`, { schema: { hide: true } }, (request, reply) =>
      sendSvgPicture(request, reply, { raster, svg, cacheControl: UNHASHED_ASSET, look }),
    );
  }
  // The banners are drawn once the server is ready, in the background: the first banner is the home page's
  // largest paint, and drawn on its first request (40-100 ms here) it came late to the first page load after a
  // start (bench:web's first run of each start painted it at 2.6 s where the next ones did at 1.3-2.0 s). The
  // other pictures are drawn when first asked for. A failure is the raster's own (it answers null: the SVG).
  app.addHook('onReady', async () => {
    for (const { svg, look } of banners) void raster.webp(svg, look);
  });
  // Read once: a deploy restarts the server. Compressed per answer by @fastify/compress (about 6 KB).
  const indexHtml = hasWeb ? fs.readFileSync(indexPath, 'utf8') : '';

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    let screen: FirstScreen | null = null;
    try {
      screen = (await opts.firstScreen?.()) ?? null;
    } catch (error) {
      request.log.warn({ err: error }, 'first screen unavailable; index.html without it');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withFirstScreen(indexHtml, screen, { home: HOME_PATHS.has(request.url.split('?', 1)[0]!) }));
  }
  // The app's address; /index.html itself stays a plain file of the build, which no page links to.
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendIndex);

  const limitUnknown = app.limitBy('notFound');
  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && isAppPage(request)) return sendIndex(request, reply);
    await limitUnknown.call(app, request, reply);
    return notFound(request, reply);
  });
}

export default fp(webPlugin, { name: 'koi-web', dependencies: ['koi-rate-limit', 'koi-errors'] });
