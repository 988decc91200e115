import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from '../../db/columns';

export const configItems = pgTable('config_items', {
  id: integer('id').primaryKey(),
  content: text('content').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const banners = pgTable('banners', {
  id: id(),
  image: text('image').notNull(),
  title: text('title').notNull(),
  link: text('link').notNull().default(''),
  activityType: integer('activity_type'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt().defaultNow(),
});
