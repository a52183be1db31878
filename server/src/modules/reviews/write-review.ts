import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderLines, orders, reviews } from '../../db/schema/index.js';
import { checkEmail } from '../auth/accounts.js';
import type { CatalogSnapshot } from '../catalog/snapshot.js';
import { DomainError } from '../../errors/domain-error.js';
import { readReviewSettings } from './moderation.js';

export const REVIEW_MAX_CONTENT = 2000;
export const REVIEW_MAX_AUTHOR = 100;

export interface ReviewInput {
  rating?: number | null;
  author?: string | null;
  authorEmail?: string | null;
  content?: string | null;
  commentOn?: number | null;
}

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * docs/product.md §5: a review needs author, commentOn, content, rating and authorEmail. A logged-in customer may
 * write one per product, marked verified when one of their orders holds the product. A verified buyer's review
 * is published at once when the shop's setting says so (moderation.ts); every other review waits for
 * moderation on /dashboard/reviews, so the form cannot be used to spam the shop.
 */
export async function writeReview(db: Db, catalog: CatalogSnapshot, input: ReviewInput, customerId: number | null, now: Date): Promise<ReviewRow> {
  const author = (input.author ?? '').trim();
  const content = (input.content ?? '').trim();
  const rating = input.rating;
  if (!author) throw new DomainError('REVIEW_INVALID', 'Please enter your name.');
  if (!input.authorEmail?.trim()) throw new DomainError('REVIEW_INVALID', 'Please enter your email address.');
  if (!content) throw new DomainError('REVIEW_INVALID', 'Please write your review.');
  if (rating === null || rating === undefined) throw new DomainError('REVIEW_RATING_INVALID', 'Please choose a rating.');
  if (input.commentOn === null || input.commentOn === undefined) throw new DomainError('REVIEW_INVALID', 'Choose the product to review.');
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new DomainError('REVIEW_RATING_INVALID', 'The rating must be a whole number from 1 to 5.');
  if (author.length > REVIEW_MAX_AUTHOR) throw new DomainError('REVIEW_INVALID', `Your name can be at most ${REVIEW_MAX_AUTHOR} characters long.`);
  if (content.length > REVIEW_MAX_CONTENT) throw new DomainError('REVIEW_INVALID', `A review can be at most ${REVIEW_MAX_CONTENT} characters long.`);
  const email = checkEmail(input.authorEmail);
  const product = catalog.products.get(input.commentOn);
  if (!product || product.row.status !== 'publish' || product.row.type === 'VARIATION')
    throw new DomainError('REVIEW_NOT_ALLOWED', 'This product cannot be reviewed.');

  let verified = false;
  if (customerId !== null) {
    const [existing] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, product.row.id), eq(reviews.customerId, customerId)));
    if (existing) throw new DomainError('REVIEW_EXISTS', 'You have already reviewed this product.');
    const ids = [product.row.id, ...product.variations.map((v) => v.row.id)];
    const [bought] = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['processing', 'completed']), inArray(orderLines.productId, ids)))
      .limit(1);
    verified = Boolean(bought);
  }
  const publishAtOnce = verified && (await readReviewSettings(db)).publishVerifiedAtOnce;
  const [row] = await db
    .insert(reviews)
    .values({
      productId: product.row.id,
      customerId,
      author,
      authorEmail: email,
      content,
      rating,
      verified,
      status: publishAtOnce ? 'approved' : 'hold',
      createdAt: now,
    })
    .returning();
  return row!;
}
