import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  LISTABLE_STATUSES,
  listPrintJobs,
  patchPrintSettings,
  readPublicPrintSettings,
  retryPrintJob,
} from '../../modules/printing/print-admin.js';
import { printTestTicket } from '../../modules/printing/print-test.js';
import { idParams, intQuery } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const jobsQuery = z.object({
  /** One or more of LISTABLE_STATUSES, comma-separated (once: a repeated parameter is refused). */
  status: z
    .string()
    .transform((value) => value.split(',').map((s) => s.trim()))
    .pipe(z.array(z.enum(LISTABLE_STATUSES, { error: `one or more of ${LISTABLE_STATUSES.join(', ')}, comma-separated` })).min(1))
    .default(['failed', 'skipped']),
  limit: intQuery(1, 200).default(50),
});

const testBody = z.object({ kind: z.enum(['customer', 'kitchen']) }).strict();

/**
 * The dashboard's print settings and failed print jobs (settings.manage: managers and admins):
 * GET|PUT /api/printing/settings (the API key is write-only), GET /api/printing/jobs?status=failed,skipped
 * &limit=50, POST /api/printing/jobs/:id/retry, POST /api/printing/test {kind} (a test ticket, sent at once).
 * The work, and its refusals (bad settings with the fields named, a job that cannot be retried, no printer
 * set up, a printer that does not answer), are in modules/printing/print-admin.ts and print-test.ts.
 */
export function registerPrintAdminRoutes(server: FastifyInstance, deps: { db: Db; timeZone: string; clock: () => Date }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireStaff('settings.manage');

  app.get('/api/printing/settings', { preValidation }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readPublicPrintSettings(deps.db);
  });

  // The body is checked by the module, which names each bad field for the form.
  app.put('/api/printing/settings', { preValidation }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return patchPrintSettings(deps.db, request.body);
  });

  app.get('/api/printing/jobs', { preValidation, schema: { querystring: jobsQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { jobs: await listPrintJobs(deps.db, request.query.status, request.query.limit) };
  });

  app.post('/api/printing/jobs/:id/retry', { preValidation, schema: { params: idParams } }, async (request) => ({
    job: await retryPrintJob(deps.db, request.params.id),
  }));

  app.post('/api/printing/test', { preValidation, schema: { body: testBody } }, async (request) =>
    printTestTicket(deps.db, request.body.kind, { timeZone: deps.timeZone, now: deps.clock() }),
  );
}
