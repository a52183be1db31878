import { jobStatuses, type JobList, type RetriedJob } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { JobHandlers } from '../../jobs/job-runner.js';
import { countJobs, listJobs, retryJob } from '../../jobs/job-store.js';
import { idParams, intQuery } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

/** A comma-separated list in one parameter ("failed,skipped"); the parameter given twice is refused. */
const commaList = z.string().transform((value) => value.split(',').map((s) => s.trim()));

const jobsQuery = z.object({
  status: commaList.pipe(z.array(z.enum(jobStatuses))).default([]),
  kind: commaList.pipe(z.array(z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'a job kind'))).default([]),
  limit: intQuery(1, 200).default(50),
});

/**
 * The background jobs of every kind for the dashboard (settings.manage: managers and admins):
 * GET /api/jobs?status=failed,skipped&kind=print&limit=50 (newest first, with counts per kind and status)
 * and POST /api/jobs/:id/retry (a failed or skipped job runs again, with the same idempotency key).
 */
export function registerJobRoutes(server: FastifyInstance, deps: { db: Db; handlers: JobHandlers }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireStaff('settings.manage');

  app.get('/api/jobs', { preValidation, schema: { querystring: jobsQuery } }, async (request, reply): Promise<JobList> => {
    reply.header('cache-control', 'no-store');
    const { status: statuses, kind: kinds, limit } = request.query;
    const [jobs, counts] = await Promise.all([listJobs(deps.db, { statuses, kinds, limit }, deps.handlers.describe), countJobs(deps.db)]);
    return { jobs, counts };
  });

  app.post('/api/jobs/:id/retry', { preValidation, schema: { params: idParams } }, async (request): Promise<RetriedJob> => ({
    job: await retryJob(deps.db, request.params.id, deps.handlers.describe),
  }));
}
