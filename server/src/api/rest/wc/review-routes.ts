import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import {
  deleteReview,
  getReview,
  listReviews,
  updateReview,
  type ModeratedReview,
  type ReviewChange,
  type ReviewStatus,
} from '../../../modules/reviews/moderation.js';
import { DomainError } from '../../../errors/domain-error.js';
import { boolQuery, idListQuery, idParams, lastValue, optionalBody } from '../../http/route-schemas.js';
import { restError } from '../../http/error-handler.js';
import { woocommerceCodeOf } from './errors.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';
import { batchBody, type BatchItem } from './taxonomy-shapes.js';

const wcDate = (d: Date) => d.toISOString().slice(0, 19);

/** A product review in the WooCommerce REST v3 shape, with the shop's reply (Bakje). */
export function reviewShape(r: ModeratedReview, siteUrl: string) {
  return {
    id: r.id,
    date_created: wcDate(r.createdAt),
    date_created_gmt: wcDate(r.createdAt),
    product_id: r.productId,
    product_name: r.productName,
    product_permalink: `${siteUrl}/product/${r.productSlug}`,
    status: r.status,
    reviewer: r.author,
    reviewer_email: r.authorEmail,
    review: r.content,
    rating: r.rating,
    verified: r.verified,
    reviewer_avatar_urls: {},
    reply: r.reply ?? '',
  };
}

/** WooCommerce's statuses; Bakje keeps no trash (delete is for good), so "unspam" and "untrash" mean approved. */
const writableStatus = z
  .enum(['approved', 'hold', 'spam', 'unspam', 'untrash'])
  .transform((s): ReviewStatus => (s === 'unspam' || s === 'untrash' ? 'approved' : s));

const reviewUpdate = z.object({
  status: writableStatus.optional(),
  review: z.string().max(2000).optional(),
  rating: z.number().int().min(1).max(5).optional(),
  reviewer: z.string().max(100).optional(),
  reviewer_email: z.union([z.literal(''), z.email('must be an e-mail address').max(200)]).optional(),
  reply: z.string().max(2000).optional(),
});
const batchUpdate = reviewUpdate.extend({
  id: z.union([
    z.number().int().min(1).max(999_999_999),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ]),
});

const listQuery = z.object({
  ...pageQuery,
  /** WooCommerce's default is approved; `all` lists every status. */
  status: lastValue.pipe(z.enum(['all', 'hold', 'approved', 'spam', 'trash'])).optional(),
  product: idListQuery.optional(),
});

const toChange = (body: z.output<typeof reviewUpdate>): ReviewChange => ({
  status: body.status,
  content: body.review,
  rating: body.rating,
  author: body.reviewer,
  authorEmail: body.reviewer_email,
  reply: body.reply,
});

/** /wp-json/wc/v3/products/reviews: list (status filter), read, update (status), delete (force=true), batch. */
export function registerReviewRoutes(app: FastifyInstance, deps: { db: Db; catalog: CatalogService; siteUrl: string; clock: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;
  // The storefront's snapshot holds approved reviews: reload it now rather than when the notification arrives.
  const changed = () => catalog.markChanged(Number.MAX_SAFE_INTEGER);
  const shape = (r: ModeratedReview) => reviewShape(r, deps.siteUrl);

  api.get('/products/reviews', { schema: { querystring: listQuery } }, async (request, reply) => {
    const q = request.query;
    const page = pageOf(q);
    const status = q.status ?? 'approved';
    // Nothing is ever in the trash: deleting a review is for good.
    if (status === 'trash') {
      pagingHeaders(request, reply, page, 0);
      return [];
    }
    const listed = await listReviews(db, { ...page, statuses: status === 'all' ? undefined : [status], productIds: q.product });
    pagingHeaders(request, reply, page, listed.total);
    return listed.reviews.map(shape);
  });

  api.get('/products/reviews/:id', { schema: { params: idParams } }, async (request) => shape(await getReview(db, request.params.id)));

  const updateRoute = { schema: { params: idParams, body: optionalBody(reviewUpdate) } };
  const handleUpdate = async (request: { params: { id: number }; body: z.output<typeof reviewUpdate> }) => {
    const updated = await updateReview(db, request.params.id, toChange(request.body), deps.clock());
    changed();
    return shape(updated);
  };
  api.put('/products/reviews/:id', updateRoute, handleUpdate);
  api.patch('/products/reviews/:id', updateRoute, handleUpdate);
  api.post('/products/reviews/:id', updateRoute, handleUpdate);

  api.delete('/products/reviews/:id', { schema: { params: idParams, querystring: z.object({ force: boolQuery.optional() }) } }, async (request) => {
    if (!request.query.force) throw new DomainError('DELETE_NOT_FORCED', 'The review does not support trashing. Set force to true to delete.');
    const before = await deleteReview(db, request.params.id);
    changed();
    return { deleted: true, previous: shape(before) };
  });

  const asBatchError = (error: unknown, method: string, id?: number): BatchItem => {
    if (!(error instanceof DomainError)) throw error;
    return { id: id ?? 0, error: restError(error, woocommerceCodeOf(error, method)).body };
  };
  api.post('/products/reviews/batch', { schema: { body: batchBody(z.object({}).passthrough(), batchUpdate) } }, async (request) => {
    const b = request.body;
    // Reviews come from customers (WriteReview); the shop answers them with a reply instead of writing its own.
    const create = (b.create ?? []).map(() =>
      asBatchError(new DomainError('REVIEW_NOT_ALLOWED', 'Reviews are written by customers on the product page.'), 'POST'),
    );
    const update: BatchItem[] = [];
    const remove: BatchItem[] = [];
    for (const item of b.update ?? []) {
      try {
        update.push(shape(await updateReview(db, item.id, toChange(item), deps.clock())));
      } catch (error) {
        update.push(asBatchError(error, 'PUT', item.id));
      }
    }
    for (const id of b.delete ?? []) {
      try {
        remove.push(shape(await deleteReview(db, id)));
      } catch (error) {
        remove.push(asBatchError(error, 'DELETE', id));
      }
    }
    if (update.length || remove.length) changed();
    return { create, update, delete: remove };
  });
}
