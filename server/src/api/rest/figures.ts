import type { Figures } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { computeFigures } from '../../modules/figures/figures.js';
import { figuresCsv } from '../../modules/figures/figures-csv.js';
import { localMoment } from '../../modules/shop-time/shop-time.js';
import { requestLang } from '../http/request-lang.js';
import { lastValue } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const dateQuery = lastValue.pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));
const rangeQuery = z.object({ from: dateQuery.optional(), to: dateQuery.optional() });

/**
 * The day's figures (orders.manage: managers and admins): GET /api/figures?from=&to= (pickup days in the
 * shop's time zone, today when left out) and GET /api/figures.csv?from=&to= (the same as a file for Excel).
 */
export function registerFiguresRoutes(server: FastifyInstance, deps: { db: Db; clock: () => Date; timeZone: string }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireStaff('orders.manage');
  const range = (query: { from?: string; to?: string }) => {
    const today = localMoment(deps.clock(), deps.timeZone).date;
    const from = query.from ?? query.to ?? today;
    return { from, to: query.to ?? from };
  };

  app.get('/api/figures', { preValidation, schema: { querystring: rangeQuery } }, async (request, reply): Promise<Figures> => {
    reply.header('cache-control', 'no-store');
    return computeFigures(deps.db, range(request.query), deps.timeZone, requestLang(request));
  });

  app.get('/api/figures.csv', { preValidation, schema: { querystring: rangeQuery } }, async (request, reply) => {
    const figures = await computeFigures(deps.db, range(request.query), deps.timeZone);
    const name = figures.from === figures.to ? `cijfers-${figures.from}.csv` : `cijfers-${figures.from}-${figures.to}.csv`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(figuresCsv(figures));
  });
}
