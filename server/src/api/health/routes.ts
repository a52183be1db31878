import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { countJobs } from '../../jobs/job-store.js';

export function registerHealth(app: FastifyInstance, database: Database) {
  // Liveness: the process answers.
  app.get('/api/health', async () => ({ status: 'ok' }));
  // Readiness: the database answers too. The job counts per kind and status show a queue that piles up
  // (a printer that is down) or jobs that failed for good.
  app.get('/api/ready', async (request, reply) => {
    try {
      const jobs = await countJobs(database.db);
      return { status: 'ready', database: database.kind, jobs };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
