import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { PrintSettingsInputError, patchPrintSettings, readPublicPrintSettings } from '../../modules/printing/print-admin.js';
import { TestPrintError, printTestTicket } from '../../modules/printing/print-test.js';
import { requireStaff } from '../http/viewer.js';

const badInput = (reply: FastifyReply, message: string, fields: { field: string; message: string }[] = []) =>
  reply.code(400).send({ code: 'bad_input', message, data: { status: 400, fields } });

/**
 * The dashboard's print settings (settings.manage: managers and admins): GET|PUT /api/printing/settings
 * (the API key is write-only), POST /api/printing/test {kind} (a test ticket, sent at once). Failed print
 * jobs are listed and retried with every other job kind at /api/jobs (api/rest/jobs.ts).
 * The work is in modules/printing/print-admin.ts and print-test.ts.
 */
export function registerPrintAdminRoutes(app: FastifyInstance, deps: { db: Db; timeZone: string; clock: () => Date }) {
  const guard = { preHandler: requireStaff('settings.manage') };

  app.get('/api/printing/settings', guard, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readPublicPrintSettings(deps.db);
  });

  app.put('/api/printing/settings', guard, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      return await patchPrintSettings(deps.db, request.body);
    } catch (error) {
      if (!(error instanceof PrintSettingsInputError)) throw error;
      return badInput(reply, error.message, error.fields);
    }
  });

  const testBody = z.object({ kind: z.enum(['customer', 'kitchen']) }).strict();
  app.post('/api/printing/test', guard, async (request, reply) => {
    const parsed = testBody.safeParse(request.body);
    if (!parsed.success) return badInput(reply, 'Send {"kind": "customer"} or {"kind": "kitchen"}.', [{ field: 'kind', message: 'customer or kitchen' }]);
    try {
      return await printTestTicket(deps.db, parsed.data.kind, { timeZone: deps.timeZone, now: deps.clock() });
    } catch (error) {
      if (!(error instanceof TestPrintError)) throw error;
      // Not configured is the shop's state (409); a printer that does not answer is an upstream failure (502).
      const status = error.code === 'not_configured' ? 409 : 502;
      return reply.code(status).send({ code: error.code, message: error.message, data: { status } });
    }
  });
}
