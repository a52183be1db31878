import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { erasureRequestInput, type AccountPrivacy } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { exportCustomerData, pendingErasureOf, requestErasure } from '../../modules/customers/privacy.js';
import { requestLang } from '../http/request-lang.js';
import { optionalBody } from '../http/route-schemas.js';

async function customerId(request: FastifyRequest): Promise<number> {
  const viewer = await request.viewer();
  if (viewer.kind !== 'customer') throw new DomainError('LOGIN_REQUIRED', 'Log in to your account first.');
  return viewer.id;
}

/** A customer's privacy rights in My account: download their data, ask for erasure (staff confirm it). */
export function registerPrivacyRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/account/privacy', async (request, reply): Promise<AccountPrivacy> => {
    reply.header('cache-control', 'no-store');
    return { erasureRequest: await pendingErasureOf(deps.db, await customerId(request)) };
  });
  api.get('/api/account/privacy/export', async (request, reply) => {
    const id = await customerId(request);
    const data = await exportCustomerData(deps.db, id, deps.clock(), requestLang(request));
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`);
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(data, null, 2);
  });
  api.post('/api/account/privacy/erasure', { schema: { body: optionalBody(erasureRequestInput) } }, async (request, reply) => {
    const id = await customerId(request);
    const created = await requestErasure(deps.db, id, request.body.customerId, deps.clock());
    reply.code(202);
    return { erasureRequest: created } satisfies AccountPrivacy;
  });
}
