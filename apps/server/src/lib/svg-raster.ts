import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';

/**
 * Koi's own SVG pictures (the generated game art of modules/games/artwork.ts, the player app's logos, icons and
 * marks; plugins/web.ts says why not its banners) as WebP, for browsers that accept it.
 *
 * Why: in a browser an SVG picture is a document of its own, parsed, laid out and painted on the page's main
 * thread. The home page shows about forty (twenty game tiles in the hot strip and the grid, category icons,
 * partner and licence marks, banners), and in a Chromium trace of it each cost 10-30 ms of main-thread work, in
 * tasks of their own right while the page starts: twenty tiles as SVG took 730-880 ms of the main thread, as
 * WebP 260-360 ms (the same page, the same drawings, traced side by side). A WebP is decoded off the main thread.
 *
 * The pictures carry text in Chinese, and rasterized here it is drawn with this machine's fonts. So the WebP
 * is made only when fontconfig (which librsvg, sharp's SVG renderer, draws text through) lists a font that
 * covers Chinese; on a machine without one every request gets the SVG, whose text the player's own browser
 * draws, rather than a picture with boxes where the words should be.
 *
 * The pictures are deterministic and few, so each one is rendered once and kept; a render in progress is
 * shared by the requests that arrive during it (the map holds the promise).
 */
export interface SvgRaster {
  /** The picture as WebP (at SCALE times its size unless `look` says otherwise), or null when this machine cannot draw it. */
  webp(svg: string, look?: RasterLook): Promise<Buffer | null>;
}

/** How a picture is rasterized: its scale over its drawn size, and the WebP quality (0-100). */
export interface RasterLook {
  scale: number;
  quality: number;
}

/** True when fontconfig lists at least one font covering Chinese (`fc-list :lang=zh`); false when it cannot say. */
export function hasChineseFont(): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('fc-list', [':lang=zh', 'family'], { timeout: 5_000 }, (error, stdout) =>
      resolve(!error && stdout.trim().length > 0),
    );
  });
}

/**
 * How much larger than its drawn size a picture is rasterized. The pictures are drawn at about three times
 * the CSS size they are shown at (a hot tile is drawn 240 wide and shown about 110 wide), so 1.5 covers a
 * 3x phone screen; the WebP bytes, which share a slow network with the first screen's banner, are about 40%
 * fewer than at 2x (game tiles 5.4 KB against 8.9 KB at quality 75 and 82).
 */
export const SCALE = 1.5;

/** The look of most pictures: SCALE, at a quality whose artefacts do not show on flat colours and text. */
export const PICTURE_LOOK: RasterLook = { scale: SCALE, quality: 75 };

/**
 * The banners' look. A banner is drawn at twice the width it is shown at (690 wide, shown about 345), so its
 * own size covers a 2x screen, and it is the home page's largest paint, whose bytes share a slow network with
 * the first screen's scripts: banner-1 is 8.4 KB this way against 25 KB at PICTURE_LOOK (the SVG is 1.9 KB).
 * Quality 60 leaves its gradients and text clean at that size (looked at side by side with the SVG).
 */
export const BANNER_LOOK: RasterLook = { scale: 1, quality: 60 };

/** Kept pictures at most; past it the oldest is dropped (a catalogue of 100 games in two languages keeps 400). */
const MAX_KEPT = 1_000;

export function createSvgRaster({
  canDrawText = hasChineseFont,
  maxKept = MAX_KEPT,
}: { canDrawText?: () => Promise<boolean>; maxKept?: number } = {}): SvgRaster {
  let able: Promise<boolean> | undefined;
  const kept = new Map<string, Promise<Buffer | null>>();
  return {
    async webp(svg, look = PICTURE_LOOK) {
      able ??= canDrawText();
      if (!(await able)) return null;
      const key = `${createHash('sha1').update(svg).digest('base64url')}@${look.scale}q${look.quality}`;
      let made = kept.get(key);
      if (!made) {
        made = sharp(Buffer.from(svg), { density: 72 * look.scale })
          .webp({ quality: look.quality })
          .toBuffer()
          // A picture librsvg cannot render is served as SVG; it is not kept, so a later request tries again.
          .catch(() => {
            kept.delete(key);
            return null;
          });
        kept.set(key, made);
        if (kept.size > maxKept) kept.delete(kept.keys().next().value!);
      }
      return made;
    },
  };
}

/**
 * Sends an SVG picture with a strong ETag, so a repeat visit costs a 304: as WebP to a browser that says it
 * accepts it, else as the SVG. The answer depends on the Accept header, and says so (Vary).
 */
export async function sendSvgPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    raster,
    svg,
    cacheControl,
    look,
  }: { raster: SvgRaster; svg: string; cacheControl: string; look?: RasterLook },
) {
  const webp = request.headers.accept?.includes('image/webp') ? await raster.webp(svg, look) : null;
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}${webp ? '.webp' : ''}"`;
  reply.header('cache-control', cacheControl).header('etag', etag).header('vary', 'Accept');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return webp ? reply.type('image/webp').send(webp) : reply.type('image/svg+xml; charset=utf-8').send(svg);
}
