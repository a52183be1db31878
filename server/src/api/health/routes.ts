import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

export function registerHealth(app: FastifyInstance, database: Database) {
  // Liveness: the process answers.
  app.get('/api/health', async () => ({ status: 'ok' }));
  // Readiness: the database answers too.
  app.get('/api/ready', async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
