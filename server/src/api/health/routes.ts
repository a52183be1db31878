import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { countJobs } from '../../jobs/job-store.js';

export function registerHealth(app: FastifyInstance, database: Database, starting: () => string[] = () => []) {
  // Liveness: the process answers.
  app.get('/api/health', async () => ({ status: 'ok' }));
  // Readiness: the database answers too. The job counts per kind and status show a queue that piles up
  // (a printer that is down) or jobs that failed for good; `starting` names background work not started yet
  // (the job runner, simulators), which the shop's requests do not wait for.
  app.get('/api/ready', async (request, reply) => {
    try {
      const jobs = await countJobs(database.db);
      const pending = starting();
      return { status: 'ready', database: database.kind, jobs, ...(pending.length ? { starting: pending } : {}) };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
