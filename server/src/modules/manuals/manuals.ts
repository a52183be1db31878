import { asc, eq, sql } from 'drizzle-orm';
import type { Manual, ManualInput, ManualSummary } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { manuals, versions } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { excerpt, stripMarkup } from '../catalog/excerpt.js';
import type { Lang } from '../i18n/locale.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { isoInZone } from '../shop-time/shop-time.js';
import { SEEDED_MANUALS } from './seed-manuals.js';

/**
 * Staff help pages (docs/decisions/0032-messages-manuals.md): every staff role reads and searches them,
 * `manuals.manage` writes them. Bodies are rich text, sanitized on write (rich-text/sanitize.ts).
 */

type ManualRow = typeof manuals.$inferSelect;

const notFound = () => new DomainError('MANUAL_NOT_FOUND', 'This manual does not exist (any more).');

function shape(row: ManualRow, timeZone: string): Manual {
  return { id: row.id, title: row.title, body: row.body, video_url: row.videoUrl, date_modified: isoInZone(row.updatedAt, timeZone) };
}

/** Lower case without accents, so "cafe" finds "café" and "IMPRIMANTE" finds "imprimante". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every word of the query appears in the title or body, in any of the three languages. */
export function manualMatches(row: Pick<ManualRow, 'title' | 'body'>, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(
    [row.title.nl, row.title.fr, row.title.en, stripMarkup(row.body.nl), stripMarkup(row.body.fr), stripMarkup(row.body.en)].join(' \n '),
  );
  return words.every((word) => haystack.includes(word));
}

/** The list, in the order staff set, narrowed by `search`; excerpts in `lang` (Dutch where that one is empty). */
export async function listManuals(db: DbOrTx, options: { search?: string; lang: Lang; timeZone: string }): Promise<ManualSummary[]> {
  // A shop has a handful of manuals: searching them in memory keeps the three languages and the markup
  // stripping in one place.
  const rows = await db.select().from(manuals).orderBy(asc(manuals.position), asc(manuals.id));
  const search = options.search ?? '';
  // Manuals whose title holds the words come first ("printer" finds the printer manual before the opening
  // checklist that mentions the printer); otherwise the order staff set.
  const titleHit = (row: ManualRow) => manualMatches({ title: row.title, body: { nl: '', fr: '', en: '' } }, search);
  return rows
    .filter((row) => manualMatches(row, search))
    .sort((a, b) => Number(titleHit(b)) - Number(titleHit(a)))
    .map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: excerpt(row.body[options.lang] || row.body.nl, 160),
      has_video: row.videoUrl !== null,
      date_modified: isoInZone(row.updatedAt, options.timeZone),
    }));
}

export async function getManual(db: DbOrTx, id: number, timeZone: string): Promise<Manual> {
  const [row] = await db.select().from(manuals).where(eq(manuals.id, id));
  if (!row) throw notFound();
  return shape(row, timeZone);
}

function values(input: ManualInput) {
  return {
    title: { nl: input.title.nl.trim(), fr: input.title.fr.trim(), en: input.title.en.trim() },
    body: { nl: sanitizeRichText(input.body.nl), fr: sanitizeRichText(input.body.fr), en: sanitizeRichText(input.body.en) },
    videoUrl: input.video_url,
  };
}

export async function createManual(db: DbOrTx, input: ManualInput, ctx: { now: Date; timeZone: string }): Promise<Manual> {
  const [last] = await db.select({ position: sql<number>`coalesce(max(${manuals.position}), 0)` }).from(manuals);
  const [row] = await db
    .insert(manuals)
    .values({ ...values(input), position: Number(last?.position ?? 0) + 1, createdAt: ctx.now, updatedAt: ctx.now })
    .returning();
  return shape(row!, ctx.timeZone);
}

export async function updateManual(db: DbOrTx, id: number, input: ManualInput, ctx: { now: Date; timeZone: string }): Promise<Manual> {
  const [row] = await db
    .update(manuals)
    .set({ ...values(input), updatedAt: ctx.now })
    .where(eq(manuals.id, id))
    .returning();
  if (!row) throw notFound();
  return shape(row, ctx.timeZone);
}

export async function deleteManual(db: DbOrTx, id: number, timeZone: string): Promise<Manual> {
  const [row] = await db.delete(manuals).where(eq(manuals.id, id)).returning();
  if (!row) throw notFound();
  return shape(row, timeZone);
}

/**
 * Adds the seeded manuals once per shop: a marker row in `versions` says it happened, so a manual the shop
 * deleted stays deleted. Safe when several instances start together (the marker insert decides).
 */
export async function seedManuals(db: DbOrTx): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(versions).values({ name: 'manuals_seeded', version: 1 }).onConflictDoNothing().returning();
    if (marked.length === 0) return false;
    await tx
      .insert(manuals)
      .values(SEEDED_MANUALS.map((manual, index) => ({ seedKey: manual.key, title: manual.title, body: manual.body, position: index + 1 })))
      .onConflictDoNothing();
    return true;
  });
}
