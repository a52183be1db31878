import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export interface ThreeLanguages {
  nl: string;
  fr: string;
  en: string;
}

/**
 * Banners shown on the shop, kiosk, status screen and menu boards within their window
 * (docs/decisions/0032-messages-manuals.md). A write bumps the catalogue version (trigger in the migration),
 * so open screens hear of it through /api/events/catalog on every instance.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    text: jsonb('text').$type<ThreeLanguages>().notNull(),
    level: text('level').$type<'info' | 'warning'>().notNull().default('info'),
    surfaces: jsonb('surfaces').$type<string[]>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('messages_ends_at_idx').on(table.endsAt)],
);

/** Staff help pages: title and sanitized rich-text body in three languages, an optional mp4 video. */
export const manuals = pgTable('manuals', {
  id: serial('id').primaryKey(),
  title: jsonb('title').$type<ThreeLanguages>().notNull(),
  body: jsonb('body').$type<ThreeLanguages>().notNull(),
  videoUrl: text('video_url'),
  /** Seeded manuals carry a key so the seed adds each once; null for the shop's own. */
  seedKey: text('seed_key').unique(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
