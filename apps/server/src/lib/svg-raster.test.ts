import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BANNER_LOOK, createSvgRaster, hasChineseFont } from './svg-raster';

/** A picture with Chinese text, as the game tiles and banners have. */
const picture = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300"><rect width="240" height="300" fill="#7c3aed"/><text x="20" y="150" font-size="28" fill="#fff">${text}</text></svg>`;
const tile = picture('骰子');

describe('SVG pictures as WebP', () => {
  it('draws nothing when the machine has no font for the names, and asks that once', async () => {
    let asked = 0;
    const raster = createSvgRaster({
      canDrawText: async () => {
        asked += 1;
        return false;
      },
    });
    expect(await raster.webp(tile)).toBeNull();
    expect(await raster.webp(tile)).toBeNull();
    expect(asked).toBe(1);
  });

  it('renders a picture once at one and a half times its size, sharing the render between requests that arrive during it', async () => {
    const raster = createSvgRaster({ canDrawText: async () => true });
    const [a, b] = await Promise.all([raster.webp(tile), raster.webp(tile)]);
    expect(a).toBe(b);
    expect(await raster.webp(tile)).toBe(a);
    const meta = await sharp(a!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 360, 450]);
  });

  it('renders a picture in the look it is asked for, keeping each look apart', async () => {
    const raster = createSvgRaster({ canDrawText: async () => true });
    const usual = await raster.webp(tile);
    const banner = await raster.webp(tile, BANNER_LOOK);
    expect(banner).not.toBe(usual);
    expect(await raster.webp(tile, BANNER_LOOK)).toBe(banner);
    const meta = await sharp(banner!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 300]);
    expect(banner!.length).toBeLessThan(usual!.length);
  });

  it('keeps at most its bound, dropping the oldest picture first', async () => {
    const raster = createSvgRaster({ canDrawText: async () => true, maxKept: 1 });
    const first = await raster.webp(tile);
    const other = picture('扫雷');
    await raster.webp(other);
    const firstAgain = await raster.webp(tile);
    expect(firstAgain).not.toBe(first);
    expect(firstAgain!.equals(first!)).toBe(true);
  });

  it('answers null for a picture it cannot render (the route then sends the SVG)', async () => {
    const raster = createSvgRaster({ canDrawText: async () => true });
    expect(await raster.webp('<svg xmlns="http://www.w3.org/2000/svg"')).toBeNull();
    expect(await raster.webp('<svg xmlns="http://www.w3.org/2000/svg"')).toBeNull();
  });

  it('finds a font for Chinese on this machine (npm test installs fonts-noto-cjk)', async () => {
    expect(await hasChineseFont()).toBe(true);
  });
});
