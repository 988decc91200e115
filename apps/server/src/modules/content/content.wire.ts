import type { AdminBanner, BannerItem, ConfigItem } from '@koi/contract';
import { consoleWire } from '../../lib/console-wire';
import type { BannerRow } from './content.admin';
import type { Banner } from './content.service';

/* The content module's one mapping from its camelCase rows to the snake_case wire (decision 3). */

export const configItemWire = (c: { id: number; content: string }): ConfigItem => ({
  id: c.id,
  content: c.content,
});

export const bannerWire = (b: Banner): BannerItem => ({
  id: b.id,
  image: b.image,
  title: b.title,
  link: b.link,
  activity_type: b.activityType,
  sort: b.sort,
});

export const adminBannerWire: (b: BannerRow) => AdminBanner = consoleWire(bannerWire);

export const adminConfigItemWire = (c: { id: number; content: string; updatedAt: Date | null }) => ({
  id: c.id,
  content: c.content,
  updated_at: c.updatedAt ? c.updatedAt.toISOString() : null,
});
