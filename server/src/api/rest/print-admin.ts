import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  LISTABLE_STATUSES,
  PrintSettingsInputError,
  RetryRefused,
  listPrintJobs,
  patchPrintSettings,
  readPublicPrintSettings,
  retryPrintJob,
  type ListableStatus,
} from '../../modules/printing/print-admin.js';
import { TestPrintError, printTestTicket } from '../../modules/printing/print-test.js';
import { requireStaff } from '../http/viewer.js';

const badInput = (reply: FastifyReply, message: string, fields: { field: string; message: string }[] = []) =>
  reply.code(400).send({ code: 'bad_input', message, data: { status: 400, fields } });

/**
 * The dashboard's print settings and failed print jobs (settings.manage: managers and admins):
 * GET|PUT /api/printing/settings (the API key is write-only), GET /api/printing/jobs?status=failed,skipped
 * &limit=50, POST /api/printing/jobs/:id/retry, POST /api/printing/test {kind} (a test ticket, sent at once).
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

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/api/printing/jobs', guard, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { status, limit } = request.query;
    const wanted = typeof status === 'string' ? status.split(',').map((s) => s.trim()) : status === undefined ? ['failed', 'skipped'] : null;
    if (!wanted || wanted.length === 0 || !wanted.every((s): s is ListableStatus => (LISTABLE_STATUSES as readonly string[]).includes(s))) {
      return badInput(reply, `status is one or more of ${LISTABLE_STATUSES.join(', ')}, comma-separated.`);
    }
    const count = limit === undefined ? 50 : typeof limit === 'string' && /^\d{1,3}$/.test(limit) ? Number(limit) : NaN;
    if (!(count >= 1 && count <= 200)) return badInput(reply, 'limit is a whole number from 1 to 200.');
    return { jobs: await listPrintJobs(deps.db, wanted, count) };
  });

  app.post<{ Params: { id: string } }>('/api/printing/jobs/:id/retry', guard, async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    if (id <= 0) return badInput(reply, 'Print job ids are positive whole numbers.');
    try {
      return { job: await retryPrintJob(deps.db, id) };
    } catch (error) {
      if (!(error instanceof RetryRefused)) throw error;
      const status = error.code === 'not_found' ? 404 : 409;
      return reply.code(status).send({ code: error.code, message: error.message, data: { status } });
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
