import { timeSlotInput } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { parsePrinterTarget, updatePrintSettings } from '../../modules/printing/print-settings.js';
import { createTimeSlot } from '../../modules/slots/slot-admin.js';

export const BENCH_SLOT_MESSAGE = 'npm run bench: checkout load';

/**
 * For `npm run bench` only (registered when BAKJE_BENCH_ROUTES=true, never in production):
 * `POST /api/_bench/checkout-slot` adds a takeaway time slot every day, all day, every 15 minutes, with
 * room for 100,000 orders per time, and answers its id. The checkout benchmark then books real places
 * through GraphQL without running out; the demo slots (6 orders per time) would be full after a second.
 * On PostgreSQL the bench could insert it itself, but PGlite lives inside the server process.
 *
 * With `{"printer": "host:port"}` both ticket kinds print there: the bench's own receipt printer (a TCP
 * listener), so the server sends tickets as it would to a printer on the shop's network, without the demo's
 * virtual printer decoding and storing them in the same process.
 */
export function registerBenchCheckoutFixture(app: FastifyInstance, db: Db): void {
  app.post('/api/_bench/checkout-slot', async (request, reply) => {
    const printer = (request.body as { printer?: unknown } | null)?.printer;
    if (printer !== undefined) {
      if (typeof printer !== 'string' || parsePrinterTarget(printer)?.type !== 'lan') {
        return reply.code(400).send({ code: 'bad_input', message: 'printer must be a LAN printer as host:port', data: { status: 400 } });
      }
      await updatePrintSettings(db, { enabled: true, customerPrinter: printer, kitchenPrinter: printer });
    }
    const slot = await createTimeSlot(
      db,
      timeSlotInput.parse({
        type: 'takeaway',
        start_time: '00:00',
        end_time: '23:45',
        interval_minutes: 15,
        max_orders: 100_000,
        custom_message: BENCH_SLOT_MESSAGE,
      }),
    );
    return { slotId: slot.id };
  });
}
