import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { products, reviews, settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

export const reviewStatuses = ['hold', 'approved', 'spam'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export type ReviewRow = typeof reviews.$inferSelect;
export type ModeratedReview = ReviewRow & { productName: string; productSlug: string };

export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_SETTINGS_KEY = 'reviews';

const reviewSettingsSchema = z.object({
  /**
   * A logged-in customer who bought the product is published at once (the shop trusts its buyers); everyone
   * else waits for moderation. On by default: that was the behaviour before moderation existed.
   */
  publishVerifiedAtOnce: z.boolean().default(true),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

export async function readReviewSettings(db: DbOrTx): Promise<ReviewSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, REVIEW_SETTINGS_KEY));
  const parsed = reviewSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : reviewSettingsSchema.parse({});
}

export async function saveReviewSettings(db: DbOrTx, input: ReviewSettings): Promise<ReviewSettings> {
  const value = reviewSettingsSchema.parse(input);
  await db.insert(settings).values({ key: REVIEW_SETTINGS_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return value;
}

export interface ReviewFilter {
  statuses?: ReviewStatus[];
  productIds?: number[];
  page: number;
  perPage: number;
}

function whereOf(filter: Pick<ReviewFilter, 'statuses' | 'productIds'>): SQL | undefined {
  return and(
    filter.statuses?.length ? inArray(reviews.status, filter.statuses) : undefined,
    filter.productIds?.length ? inArray(reviews.productId, filter.productIds) : undefined,
  );
}

const selection = { review: reviews, name: products.name, slug: products.slug };
const withName = (r: { review: ReviewRow; name: { nl: string } | null; slug: string | null }): ModeratedReview => ({
  ...r.review,
  productName: r.name?.nl ?? '',
  productSlug: r.slug ?? '',
});

/** Reviews newest first, with the product's (Dutch) name for the moderation screen. */
export async function listReviews(db: DbOrTx, filter: ReviewFilter): Promise<{ total: number; reviews: ModeratedReview[] }> {
  const where = whereOf(filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(reviews).where(where);
  const rows = await db
    .select(selection)
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  return { total: Number(total), reviews: rows.map(withName) };
}

export async function reviewCounts(db: DbOrTx): Promise<Record<ReviewStatus, number>> {
  const rows = await db.select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status);
  const counts: Record<ReviewStatus, number> = { hold: 0, approved: 0, spam: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function getReview(db: DbOrTx, id: number): Promise<ModeratedReview> {
  const [row] = await db.select(selection).from(reviews).leftJoin(products, eq(products.id, reviews.productId)).where(eq(reviews.id, id));
  if (!row) throw new DomainError('REVIEW_NOT_FOUND', 'Invalid review ID.');
  return withName(row);
}

export interface ReviewChange {
  status?: ReviewStatus;
  /** The shop's reply; '' removes it. */
  reply?: string;
  /** WooCommerce REST may correct these. */
  content?: string;
  rating?: number;
  author?: string;
  authorEmail?: string;
}

/** Approve, hold, mark as spam, reply as the shop, or correct a review. The storefront follows via the catalogue. */
export async function updateReview(db: DbOrTx, id: number, change: ReviewChange, now: Date): Promise<ModeratedReview> {
  const set: Partial<typeof reviews.$inferInsert> = {};
  if (change.status !== undefined) set.status = change.status;
  if (change.reply !== undefined) {
    const reply = change.reply.trim();
    if (reply.length > REVIEW_REPLY_MAX) throw new DomainError('REVIEW_INVALID', `A reply can be at most ${REVIEW_REPLY_MAX} characters long.`);
    set.reply = reply || null;
    set.repliedAt = reply ? now : null;
  }
  if (change.content !== undefined) {
    if (!change.content.trim()) throw new DomainError('REVIEW_INVALID', 'Please write your review.');
    set.content = change.content.trim();
  }
  if (change.rating !== undefined) {
    if (!Number.isInteger(change.rating) || change.rating < 1 || change.rating > 5)
      throw new DomainError('REVIEW_RATING_INVALID', 'The rating must be a whole number from 1 to 5.');
    set.rating = change.rating;
  }
  if (change.author !== undefined) {
    if (!change.author.trim()) throw new DomainError('REVIEW_INVALID', 'Please enter your name.');
    set.author = change.author.trim();
  }
  if (change.authorEmail !== undefined) set.authorEmail = change.authorEmail.trim().toLowerCase();
  if (Object.keys(set).length > 0) {
    const updated = await db.update(reviews).set(set).where(eq(reviews.id, id)).returning({ id: reviews.id });
    if (updated.length === 0) throw new DomainError('REVIEW_NOT_FOUND', 'Invalid review ID.');
  }
  return getReview(db, id);
}

/** Deletes for good (WooCommerce's force=true; Bakje keeps no trash for reviews). */
export async function deleteReview(db: DbOrTx, id: number): Promise<ModeratedReview> {
  const before = await getReview(db, id);
  await db.delete(reviews).where(eq(reviews.id, id));
  return before;
}
