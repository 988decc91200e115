import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, listed, updatedAt } from '../../db/columns';

export const configItems = pgTable('config_items', {
  id: integer('id').primaryKey(),
  content: text('content').notNull(),
  updatedAt: updatedAt().defaultNow(),
});

export const banners = pgTable('banners', {
  id: id(),
  image: text('image').notNull(),
  title: text('title').notNull(),
  link: text('link').notNull().default(''),
  activityType: integer('activity_type'),
  ...listed(),
  createdAt: createdAt().defaultNow(),
});
