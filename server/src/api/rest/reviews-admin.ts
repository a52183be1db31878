import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewModerationInput, reviewSettingsInput, type ReviewForModeration, type ReviewModerationPage } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import {
  deleteReview,
  listReviews,
  readReviewSettings,
  reviewCounts,
  reviewStatuses,
  saveReviewSettings,
  updateReview,
  type ModeratedReview,
} from '../../modules/reviews/moderation.js';
import { enumQuery, idParams, intQuery } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const listQuery = z.object({ status: enumQuery(reviewStatuses).optional(), page: intQuery(1, 100_000).optional() });
const PER_PAGE = 20;

const shape = (r: ModeratedReview): ReviewForModeration => ({
  id: r.id,
  productId: r.productId,
  productName: r.productName,
  productSlug: r.productSlug,
  author: r.author,
  authorEmail: r.authorEmail,
  content: r.content,
  rating: r.rating,
  verified: r.verified,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  reply: r.reply ?? '',
});

/** The moderation screen /dashboard/reviews (reviews.manage): tabs per status, approve, spam, reply, delete. */
export function registerReviewAdminRoutes(app: FastifyInstance, deps: { db: Db; catalog: CatalogService; clock: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireStaff('reviews.manage') };
  const base = '/api/dashboard/reviews';
  const changed = () => deps.catalog.markChanged(Number.MAX_SAFE_INTEGER);

  api.get(base, { ...guard, schema: { querystring: listQuery } }, async (request, reply): Promise<ReviewModerationPage> => {
    reply.header('cache-control', 'no-store');
    const listed = await listReviews(deps.db, { statuses: [request.query.status ?? 'hold'], page: request.query.page ?? 1, perPage: PER_PAGE });
    return { total: listed.total, counts: await reviewCounts(deps.db), reviews: listed.reviews.map(shape) };
  });
  api.put(`${base}/:id`, { ...guard, schema: { params: idParams, body: reviewModerationInput } }, async (request) => {
    const updated = await updateReview(deps.db, request.params.id, request.body, deps.clock());
    changed();
    return shape(updated);
  });
  api.delete(`${base}/:id`, { ...guard, schema: { params: idParams } }, async (request) => {
    const before = await deleteReview(deps.db, request.params.id);
    changed();
    return shape(before);
  });
  api.get('/api/dashboard/review-settings', guard, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readReviewSettings(deps.db);
  });
  api.put('/api/dashboard/review-settings', { ...guard, schema: { body: reviewSettingsInput } }, async (request) => saveReviewSettings(deps.db, request.body));
}
