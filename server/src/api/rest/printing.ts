import type { SimulatedTicketList } from '@bakje/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReceivedTicketStore } from '../../integrations/printer-simulators/received-tickets.js';

export interface PrintingRouteDeps {
  receivedTickets: ReceivedTicketStore | undefined;
  /** Staff check; the dashboard's session guard plugs in here. */
  authorize(request: FastifyRequest): boolean | Promise<boolean>;
}

/** GET /api/printing/simulated-tickets: what the virtual printer printed, as text, newest first. */
export function registerPrintingRoutes(app: FastifyInstance, deps: PrintingRouteDeps) {
  app.get('/api/printing/simulated-tickets', async (request, reply) => {
    if (!(await deps.authorize(request))) {
      return reply.code(401).send({ code: 'unauthorized', message: 'Sign in as staff to see this page.', data: { status: 401 } });
    }
    if (!deps.receivedTickets) {
      return reply.code(404).send({ code: 'no_virtual_printer', message: 'The virtual printer is not running on this server.', data: { status: 404 } });
    }
    const raw = Number((request.query as Record<string, unknown>).limit ?? 50);
    const limit = Number.isInteger(raw) && raw >= 1 && raw <= 200 ? raw : 50;
    const tickets = await deps.receivedTickets.list(limit);
    const body: SimulatedTicketList = { tickets: tickets.map((t) => ({ ...t, text: t.lines.join('\n') })) };
    return body;
  });
}
