import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manualInput } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { createManual, deleteManual, getManual, listManuals, updateManual } from '../../modules/manuals/manuals.js';
import { enumQuery, idParams, lastValue } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const listQuery = z.object({
  search: lastValue.pipe(z.string().max(200, 'must be at most 200 characters')).optional(),
  lang: enumQuery(['nl', 'fr', 'en'] as const).optional(),
});

/**
 * The staff manuals (docs/decisions/0032-messages-manuals.md): every staff role lists, searches and reads them
 * (`dashboard.view`); staff with `manuals.manage` create, change and delete them.
 */
export function registerManualRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date; timeZone: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/dashboard/manuals';
  const read = { preValidation: requireStaff('dashboard.view') };
  const write = { preValidation: requireStaff('manuals.manage') };
  const ctx = () => ({ now: deps.clock(), timeZone: deps.timeZone });

  api.get(base, { ...read, schema: { querystring: listQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listManuals(deps.db, { search: request.query.search, lang: request.query.lang ?? 'nl', timeZone: deps.timeZone });
  });
  api.get(`${base}/:id`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getManual(deps.db, request.params.id, deps.timeZone);
  });
  api.post(base, { ...write, schema: { body: manualInput } }, async (request, reply) => {
    reply.code(201);
    return createManual(deps.db, request.body, ctx());
  });
  api.put(`${base}/:id`, { ...write, schema: { params: idParams, body: manualInput } }, async (request) =>
    updateManual(deps.db, request.params.id, request.body, ctx()),
  );
  api.delete(`${base}/:id`, { ...write, schema: { params: idParams } }, async (request) => deleteManual(deps.db, request.params.id, deps.timeZone));
}
