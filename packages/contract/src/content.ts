import { z } from 'zod';

/** GET /api/plat/bulletin: config items by id (spec §3). */
export const configItem = z.object({ id: z.number().int(), content: z.string() });
export const bulletinResult = z.array(configItem);
export type ConfigItem = z.infer<typeof configItem>;

/** GET /api/banner */
export const banner = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  link: z.string().describe('Route or URL the banner opens; empty when it opens an activity'),
  activity_type: z
    .number()
    .int()
    .nullable()
    .describe('activityDetail activity_type, when the banner opens one'),
  sort: z.number().int(),
});
export const bannerResult = z.array(banner);
export type BannerItem = z.infer<typeof banner>;
