import { createHash, randomUUID } from 'node:crypto';
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
 * The stored name is the SHA-256 of the re-encoded bytes, so an uploader never chooses a name and the same
 * picture is one file. Whether a request may have it is decided per request (community.routes.ts), because the
 * post that carries it can be hidden at any time.
 *
 * A post's images reach the served folder only through its row. They are first staged (a file of this upload
 * alone, `staging/<name>.<uuid>`), then the row is inserted, and only after it committed are they moved into
 * place. A refused or failed insert removes its staged files at once; a process that dies anywhere in between
 * leaves a staged file that `sweep` later settles by asking the database: moved into place when a row names
 * it (the insert committed, the move did not happen), removed when none does. Staging before the insert, not
 * writing after it, is what keeps the bytes of a committed post on disk even when the process dies right
 * after the commit. The sweep never looks at the served folder, so it can never take away a file a post
 * shows, and it leaves staged files alone while they are young (an insert may still be running).
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
/** A staged file: the image's name, then a random id of the upload that wrote it. */
const STAGED_NAME = /^([0-9a-f]{64}\.webp)\.[0-9a-f-]{36}$/;

/** An image written for a post not yet committed. */
export interface StagedImage {
  name: string;
  file: string;
  webp: Buffer;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export interface StoredImage {
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export function createImageStore(dir: string) {
  const staging = path.join(dir, 'staging');
  const hashName = (webp: Buffer) => `${createHash('sha256').update(webp).digest('hex')}.webp`;
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    );

  /** Writes re-encoded bytes under their hash; a reader never sees half a file (write, then rename). */
  const store = async (webp: Buffer): Promise<string> => {
    const name = hashName(webp);
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${name}.${process.pid}.${randomUUID()}.tmp`);
    await fs.writeFile(tmp, webp);
    await fs.rename(tmp, path.join(dir, name));
    return name;
  };

  return {
    dir,
    staging,
    store,

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

    /** Writes an image for a post about to be inserted, where no reader looks (see the top of this file). */
    async stage(webp: Buffer): Promise<StagedImage> {
      const name = hashName(webp);
      await fs.mkdir(staging, { recursive: true });
      const file = path.join(staging, `${name}.${randomUUID()}`);
      await fs.writeFile(file, webp);
      return { name, file, webp };
    },

    /**
     * Moves a staged image into place once its post committed. When the sweep got there first (it moved or,
     * for an insert slower than its age limit, removed the file), the bytes still in memory are written.
     */
    async promote(image: StagedImage) {
      try {
        await fs.rename(image.file, path.join(dir, image.name));
      } catch (error) {
        if (!missing(error)) throw error;
        if (!(await exists(path.join(dir, image.name)))) await store(image.webp);
      }
    },

    /** Removes the staged files of a post that was not inserted. */
    async discard(images: StagedImage[]) {
      await Promise.all(images.map((image) => fs.rm(image.file, { force: true })));
    },

    /**
     * Settles staged files older than `before`: moved into place when `referenced` says a post names the
     * image, removed otherwise. Answers how many files it settled.
     */
    async sweep(before: Date, referenced: (names: string[]) => Promise<Set<string>>): Promise<number> {
      let entries: string[];
      try {
        entries = await fs.readdir(staging);
      } catch (error) {
        if (missing(error)) return 0;
        throw error;
      }
      const old: { entry: string; name: string | null }[] = [];
      for (const entry of entries) {
        const stat = await fs.stat(path.join(staging, entry)).catch(() => null);
        if (stat && stat.mtime < before) old.push({ entry, name: STAGED_NAME.exec(entry)?.[1] ?? null });
      }
      if (old.length === 0) return 0;
      const named = await referenced([...new Set(old.flatMap((o) => (o.name ? [o.name] : [])))]);
      for (const { entry, name } of old) {
        const file = path.join(staging, entry);
        if (name && named.has(name) && !(await exists(path.join(dir, name)))) {
          await fs.rename(file, path.join(dir, name)).catch((error: unknown) => {
            if (!missing(error)) throw error;
          });
        } else {
          await fs.rm(file, { force: true });
        }
      }
      return old.length;
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
