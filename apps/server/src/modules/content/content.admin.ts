import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { UPLOAD_TYPES } from '@koi/contract';
import {
  CONFIG_ITEM_IDS,
  isSafeLink,
  RICH_TEXT_CONFIG_ITEM_IDS,
  LINK_CONFIG_ITEM_IDS,
  SAFE_LINK_RULE_ZH,
  UPLOAD_MAX_BYTES,
} from '@koi/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { banners } from './content.schema';
import { sanitizeRichText } from '../../lib/rich-text';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { auditedRows } from '../audit';
import { createContentRepository } from './content.repository';

/*
 * The content side of the operator console: config items 1–7, banners, and image uploads. Player routes read
 * config items and banners from the database on every request (no cache), so an edit shows at once.
 *
 * Uploads are checked by their first bytes (the magic numbers of PNG, JPEG, WebP and GIF), never by the file
 * name or the declared type, and bounded in size. A file is stored under its SHA-256 (`<hash>.<ext>`), so the
 * same image uploaded twice is one file, a name can never be chosen by the uploader, and the served URL can be
 * cached forever.
 */

export type AuditInTx = (tx: DbOrTx, change: { before?: unknown; after?: unknown }) => Promise<void>;
type UploadType = (typeof UPLOAD_TYPES)[number];

const EXTENSIONS: Record<UploadType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const UPLOAD_NAME = /^[0-9a-f]{64}\.(png|jpg|webp|gif)$/;
export const TYPE_OF_EXTENSION: Record<string, UploadType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type named by the file's magic bytes, or null. */
export function sniffImage(buf: Buffer): UploadType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export type BannerRow = typeof banners.$inferSelect;
export type BannerPatch = Partial<
  Pick<BannerRow, 'image' | 'title' | 'link' | 'activityType' | 'sort' | 'enabled'>
>;

export function createContentAdmin(deps: { db: Db; clock: Clock; uploadsDir: string }) {
  const { db, clock } = deps;
  const repo = createContentRepository(db);
  const bannerRows = auditedRows(db, {
    insert: (tx, row: Omit<BannerRow, 'id' | 'createdAt'>) =>
      createContentRepository(tx).insertBanner({ ...row, createdAt: clock.now() }),
    lock: (tx, id) => createContentRepository(tx).findBannerForUpdate(id),
    update: (tx, id, set: BannerPatch) => createContentRepository(tx).updateBanner(id, set),
    remove: (tx, id) => createContentRepository(tx).deleteBanner(id),
    notFound: 'BANNER_NOT_FOUND',
  });

  return {
    async configItems() {
      const rows = await repo.listAllConfigItems();
      return CONFIG_ITEM_IDS.map(
        (id) => rows.find((r) => r.id === id) ?? { id, content: '', updatedAt: null as Date | null },
      );
    },

    async setConfigItem(id: number, content: string, audit: AuditInTx) {
      // The player app opens these items as links: a javascript: or data: link would run on Koi's page.
      if (LINK_CONFIG_ITEM_IDS.includes(id) && content !== '' && !isSafeLink(content)) {
        throw new AppError('BAD_REQUEST', { detail: SAFE_LINK_RULE_ZH });
      }
      // Rich text is stored as it will be served: the audit row shows what players will see.
      if (RICH_TEXT_CONFIG_ITEM_IDS.includes(id)) content = sanitizeRichText(content);
      return db.transaction(async (tx) => {
        const r = createContentRepository(tx);
        const before = await r.findConfigItem(id);
        const row = await r.upsertConfigItem(id, content, clock.now());
        await audit(tx, { before: before ? { content: before.content } : null, after: { content } });
        return row;
      });
    },

    banners: () => repo.listAllBanners(),

    createBanner: bannerRows.create,
    updateBanner: bannerRows.update,
    deleteBanner: bannerRows.remove,

    /** Checks and stores an uploaded image; returns its public URL. */
    async storeUpload(data: Buffer) {
      if (data.length > UPLOAD_MAX_BYTES) {
        throw new AppError('UPLOAD_TOO_LARGE', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 });
      }
      const type = sniffImage(data);
      if (!type) throw new AppError('UPLOAD_TYPE');
      const name = `${createHash('sha256').update(data).digest('hex')}.${EXTENSIONS[type]}`;
      await fs.mkdir(deps.uploadsDir, { recursive: true });
      // Write to a temporary name and rename: a reader never sees half a file, and two uploads of the same
      // image at once both end with the same complete file.
      const tmp = path.join(deps.uploadsDir, `.${name}.${process.pid}.${Date.now()}.tmp`);
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, path.join(deps.uploadsDir, name));
      return { url: `/uploads/${name}`, type, bytes: data.length, name };
    },

    /** An uploaded file by its stored name, or null. */
    async readUpload(name: string) {
      if (!UPLOAD_NAME.test(name)) return null;
      try {
        return await fs.readFile(path.join(deps.uploadsDir, name));
      } catch {
        return null;
      }
    },
  };
}

export type ContentAdmin = ReturnType<typeof createContentAdmin>;
