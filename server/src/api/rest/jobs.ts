import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { jobStatuses, type JobStatus } from '../../db/schema/index.js';
import type { JobHandlers } from '../../jobs/job-runner.js';
import { RetryRefused, countJobs, listJobs, retryJob } from '../../jobs/job-store.js';
import { requireStaff } from '../http/viewer.js';

const badInput = (reply: FastifyReply, message: string) => reply.code(400).send({ code: 'bad_input', message, data: { status: 400, fields: [] } });

const list = (value: string | string[] | undefined) => (value === undefined ? [] : typeof value === 'string' ? value.split(',').map((s) => s.trim()) : null);

/**
 * The background jobs of every kind for the dashboard (settings.manage: managers and admins):
 * GET /api/jobs?status=failed,skipped&kind=print&limit=50 (newest first, with counts per kind and status)
 * and POST /api/jobs/:id/retry (a failed or skipped job runs again, with the same idempotency key).
 */
export function registerJobRoutes(app: FastifyInstance, deps: { db: Db; handlers: JobHandlers }) {
  const guard = { preHandler: requireStaff('settings.manage') };

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/api/jobs', guard, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const statuses = list(request.query.status);
    if (!statuses || !statuses.every((s): s is JobStatus => (jobStatuses as readonly string[]).includes(s))) {
      return badInput(reply, `status is one or more of ${jobStatuses.join(', ')}, comma-separated.`);
    }
    const kinds = list(request.query.kind);
    if (!kinds || !kinds.every((k) => /^[a-z][a-z0-9_-]{0,39}$/.test(k))) return badInput(reply, 'kind is one or more job kinds, comma-separated.');
    const { limit } = request.query;
    const count = limit === undefined ? 50 : typeof limit === 'string' && /^\d{1,3}$/.test(limit) ? Number(limit) : NaN;
    if (!(count >= 1 && count <= 200)) return badInput(reply, 'limit is a whole number from 1 to 200.');
    const [jobs, counts] = await Promise.all([listJobs(deps.db, { statuses, kinds, limit: count }, deps.handlers.describe), countJobs(deps.db)]);
    return { jobs, counts };
  });

  app.post<{ Params: { id: string } }>('/api/jobs/:id/retry', guard, async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    if (id <= 0) return badInput(reply, 'Job ids are positive whole numbers.');
    try {
      return { job: await retryJob(deps.db, id, deps.handlers.describe) };
    } catch (error) {
      if (!(error instanceof RetryRefused)) throw error;
      const status = error.code === 'not_found' ? 404 : 409;
      return reply.code(status).send({ code: error.code, message: error.message, data: { status } });
    }
  });
}
