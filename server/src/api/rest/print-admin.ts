import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patchPrintSettings, readPublicPrintSettings } from '../../modules/printing/print-admin.js';
import { printTestTicket } from '../../modules/printing/print-test.js';
import { requireStaff } from '../http/viewer.js';

const testBody = z.object({ kind: z.enum(['customer', 'kitchen']) }).strict();

/**
 * The dashboard's print settings (settings.manage: managers and admins): GET|PUT /api/printing/settings
 * (the API key is write-only), POST /api/printing/test {kind} (a test ticket, sent at once). Failed print
 * jobs are listed and retried with every other job kind at /api/jobs (api/rest/jobs.ts).
 * The work is in modules/printing/print-admin.ts and print-test.ts.
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

  app.post('/api/printing/test', { preValidation, schema: { body: testBody } }, async (request) =>
    printTestTicket(deps.db, request.body.kind, { timeZone: deps.timeZone, now: deps.clock() }),
  );
}
