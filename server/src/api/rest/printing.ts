import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../errors/domain-error.js';
import type { ReceivedTicketStore } from '../../integrations/printer-simulators/received-tickets.js';
import { intQuery } from '../http/route-schemas.js';
import { requireGuard } from '../http/viewer.js';

export interface PrintingRouteDeps {
  receivedTickets: ReceivedTicketStore | undefined;
  /** Staff check; the dashboard's session guard plugs in here. */
  authorize(request: FastifyRequest): boolean | Promise<boolean>;
}

const ticketsQuery = z.object({ limit: intQuery(1, 200).default(50) });

/** GET /api/printing/simulated-tickets?limit=50: what the virtual printer printed, as text, newest first. */
export function registerPrintingRoutes(app: FastifyInstance, deps: PrintingRouteDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/printing/simulated-tickets',
      { preValidation: requireGuard(deps.authorize, 'kitchen.view'), schema: { querystring: ticketsQuery } },
      async (request) => {
        if (!deps.receivedTickets) throw new DomainError('VIRTUAL_PRINTER_OFF', 'The virtual printer is not running on this server.');
        const tickets = await deps.receivedTickets.list(request.query.limit);
        return { tickets: tickets.map((t) => ({ ...t, text: t.lines.join('\n') })) };
      },
    );
}
