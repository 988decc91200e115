import { z } from 'zod';
import { flagField, intField, isoTime, optionalText, requiredText, text } from '../common';
import { isSafeLink, SAFE_LINK_RULE_ZH } from '../content';
import { sortField } from './shared';

/** A banner's link: none, or one the player app may open (see isSafeLink). */
const bannerLink = (field: z.ZodType<string>) =>
  field.refine((v) => v === '' || isSafeLink(v), { message: SAFE_LINK_RULE_ZH });

// Content: config items and banners (content area)

/** Spec §3's items 1–7, and 8 (licence text) and 9 (responsible-gambling text) shown on the player's /about. */
export const CONFIG_ITEM_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const adminConfigItem = z.object({
  id: z.number().int(),
  content: z.string(),
  updated_at: isoTime.nullable(),
});
/** GET /api/admin/config-items: ids 1–9, missing ones with empty content. */
export const adminConfigItemsResult = z.array(adminConfigItem);
/** POST /api/admin/config-items/:id (id 1–9) */
export const adminConfigItemParams = z.strictObject({
  id: intField({ min: 1, max: Math.max(...CONFIG_ITEM_IDS) }),
});
export const adminConfigItemRequest = z.strictObject({ content: text(20_000) });
export const adminConfigItemResult = adminConfigItem;

export const adminBanner = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  link: z.string(),
  activity_type: z.number().int().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  created_at: isoTime,
});
/** GET /api/admin/banners: all, enabled or not. */
export const adminBannersResult = z.array(adminBanner);
/** POST /api/admin/banners (create): image is a URL returned by /api/admin/uploads or a site path. */
export const adminBannerCreateRequest = z.strictObject({
  image: requiredText(512),
  title: requiredText(100),
  link: bannerLink(optionalText(512)),
  activity_type: intField({ min: 1, max: 99 }).optional(),
  sort: sortField.optional().default(0),
  enabled: flagField().optional().default(true),
});
/** POST /api/admin/banners/:id (update): any subset. */
export const adminBannerUpdateRequest = z.strictObject({
  image: requiredText(512).optional(),
  title: requiredText(100).optional(),
  link: bannerLink(text(512)).optional(),
  activity_type: intField({ min: 0, max: 99 }).optional().describe('0 clears it'),
  sort: sortField.optional(),
  enabled: flagField().optional(),
});
export const adminBannerResult = adminBanner;
/** POST /api/admin/banners/:id/delete */
export const adminBannerDeleteResult = z.literal(true);

/**
 * POST /api/admin/uploads: multipart/form-data with one part named `file`: PNG, JPEG, WebP or GIF, checked
 * by its magic bytes (not its name or declared type), at most UPLOAD_MAX_BYTES. Served back at `url`.
 */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const adminUploadResult = z.object({
  url: z.string().describe('/uploads/<sha256>.<ext>, public'),
  type: z.enum(UPLOAD_TYPES),
  bytes: z.number().int(),
});
export type AdminBanner = z.infer<typeof adminBanner>;
