import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { enqueueReprints, type PrintKind } from '../../modules/printing/print-jobs.js';

const MAX_TICKETS = 500;

/**
 * For `npm run bench` only (BAKJE_BENCH_ROUTES=true): `POST /api/_bench/print-tickets` with
 * `{"tickets": [{"orderId": 1, "kind": "kitchen"}, ...]}` asks for those tickets as staff reprints do (one
 * print job each, its own key) and answers the keys, which end each ticket as `ref <key>`. The ticket CPU
 * bench (bench/ticket-cpu.mjs) then measures what printing costs the server without a checkout around it;
 * on PGlite it cannot add the jobs itself, the database lives inside the server process.
 */
export function registerBenchPrintFixture(app: FastifyInstance, db: Db): void {
  app.post('/api/_bench/print-tickets', async (request, reply) => {
    const tickets = (request.body as { tickets?: unknown } | null)?.tickets;
    const valid =
      Array.isArray(tickets) &&
      tickets.length > 0 &&
      tickets.length <= MAX_TICKETS &&
      tickets.every((t: { orderId?: unknown; kind?: unknown } | null) => Number.isSafeInteger(t?.orderId) && (t?.kind === 'customer' || t?.kind === 'kitchen'));
    if (!valid) {
      return reply.code(400).send({
        code: 'bad_input',
        message: `tickets must be 1 to ${MAX_TICKETS} of {orderId, kind: "customer" | "kitchen"}`,
        data: { status: 400 },
      });
    }
    return { keys: await enqueueReprints(db, tickets as Array<{ orderId: number; kind: PrintKind }>) };
  });
}
