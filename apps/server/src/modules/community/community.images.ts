import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { POST_IMAGE_MAX_BYTES } from '@koi/contract';
import { AppError } from '../../errors';

/*
 * Post images. A player's file is trusted for nothing: its type is read from its first bytes (never from the
 * name or the declared type), so an HTML page or an SVG (which can carry script) named "photo.jpg" is refused
 * before any decoder sees it. An accepted image is decoded and encoded again by sharp as WebP: that drops every
 * byte that is not picture (EXIF with its GPS position, comments, trailing data, a polyglot's second
 * meaning), applies the EXIF orientation first, and bounds the dimensions. Decoding is bounded too
 * (`limitInputPixels`), so a small file that claims a huge canvas (a decompression bomb) is refused instead
 * of filling the memory.
 *
 * The stored name is the SHA-256 of the re-encoded bytes, so an uploader never chooses a name, the same
 * picture is one file, and the served URL can be cached forever.
 */

const MAGIC: { type: string; at: number; bytes: number[] }[] = [
  { type: 'jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'gif', at: 0, bytes: [...'GIF8'].map((c) => c.charCodeAt(0)) },
  { type: 'webp', at: 8, bytes: [...'WEBP'].map((c) => c.charCodeAt(0)) },
];

/** The image type the bytes begin with (jpeg, png, gif, webp), or null for anything else. */
export function sniffImageType(data: Buffer): string | null {
  for (const magic of MAGIC) {
    if (magic.type === 'webp' && data.subarray(0, 4).toString('latin1') !== 'RIFF') continue;
    if (magic.bytes.every((b, i) => data[magic.at + i] === b)) return magic.type;
  }
  return null;
}

/** The longest side of a stored image; a phone screen at 3× shows 1,170 pixels across. */
export const IMAGE_MAX_SIDE = 1600;
/** About 50 megapixels: any real photo, far below what would exhaust the memory while decoding. */
const MAX_INPUT_PIXELS = 50_000_000;
export const IMAGE_NAME = /^[0-9a-f]{64}\.webp$/;

export interface StoredImage {
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export function createImageStore(dir: string) {
  return {
    dir,

    /** Checks an uploaded file and re-encodes it; refuses with a clear message what is not a usable image. */
    async reencode(data: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
      if (data.length > POST_IMAGE_MAX_BYTES) {
        throw new AppError('POST_IMAGE_TOO_LARGE', { mb: POST_IMAGE_MAX_BYTES / 1024 / 1024 });
      }
      const sniffed = sniffImageType(data);
      if (!sniffed) throw new AppError('POST_IMAGE_TYPE');
      try {
        const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
        const meta = await image.metadata();
        // The decoder must agree with the magic bytes: a file that starts like a JPEG but decodes as something
        // else is not what it claims to be.
        if (meta.format !== sniffed) throw new AppError('POST_IMAGE_TYPE');
        const { data: webp, info } = await image
          .rotate()
          .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { webp, width: info.width, height: info.height };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('POST_IMAGE_BROKEN');
      }
    },

    /** Writes re-encoded bytes under their hash; a reader never sees half a file (write, then rename). */
    async store(webp: Buffer): Promise<string> {
      const name = `${createHash('sha256').update(webp).digest('hex')}.webp`;
      await fs.mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `.${name}.${process.pid}.${Date.now()}.tmp`);
      await fs.writeFile(tmp, webp);
      await fs.rename(tmp, path.join(dir, name));
      return name;
    },

    /** A stored image by name, or null (a name of any other shape is never looked up). */
    async read(name: string): Promise<Buffer | null> {
      if (!IMAGE_NAME.test(name)) return null;
      try {
        return await fs.readFile(path.join(dir, name));
      } catch {
        return null;
      }
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
