import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerNoteInput, privacySettingsForm, type CustomerList, type CustomerRecord, type ErasureRequestList } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import type { AuthService } from '../../modules/auth/auth-service.js';
import {
  addCustomerNote,
  customerDetail,
  customerLang,
  deleteCustomerNote,
  findCustomer,
  listCustomerSummaries,
} from '../../modules/customers/customer-admin.js';
import { confirmErasure, listErasureRequests } from '../../modules/customers/privacy.js';
import { readPrivacySettings, savePrivacySettings } from '../../modules/retention/guest-orders.js';
import { idSchema, idParams, intQuery, lastValue } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const listQuery = z.object({
  search: lastValue.pipe(z.string().max(200, 'must be at most 200 characters')).optional(),
  page: intQuery(1, 100_000).optional(),
});
const PER_PAGE = 25;

/**
 * The customers screen /dashboard/customers (customers.manage): list and search, a customer's page (orders,
 * total spent, addresses, notes), a password reset mail, and the erasure requests to confirm.
 */
export function registerCustomerAdminRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService; clock: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireStaff('customers.manage') };
  const base = '/api/dashboard/customers';
  const staffId = async (request: { viewer(): Promise<{ kind: string; id?: number }> }) => (await request.viewer()).id!;

  api.get(base, { ...guard, schema: { querystring: listQuery } }, async (request, reply): Promise<CustomerList> => {
    reply.header('cache-control', 'no-store');
    return listCustomerSummaries(deps.db, { search: request.query.search, page: request.query.page ?? 1, perPage: PER_PAGE });
  });
  api.get(`${base}/:id`, { ...guard, schema: { params: idParams } }, async (request, reply): Promise<CustomerRecord> => {
    reply.header('cache-control', 'no-store');
    return customerDetail(deps.db, request.params.id);
  });
  api.post(`${base}/:id/notes`, { ...guard, schema: { params: idParams, body: customerNoteInput } }, async (request, reply) => {
    await addCustomerNote(deps.db, request.params.id, await staffId(request), request.body.text, deps.clock());
    reply.code(201);
    return customerDetail(deps.db, request.params.id);
  });
  api.delete(`${base}/:id/notes/:noteId`, { ...guard, schema: { params: z.object({ id: idSchema, noteId: idSchema }) } }, async (request) => {
    await deleteCustomerNote(deps.db, request.params.id, request.params.noteId);
    return customerDetail(deps.db, request.params.id);
  });
  /** The lost-password mail, sent to the customer's own address: staff never see or set a password. */
  api.post(`${base}/:id/password-reset`, { ...guard, schema: { params: idParams } }, async (request) => {
    const user = await findCustomer(deps.db, request.params.id);
    await deps.auth.requestReset(user.email, request.ip, await customerLang(deps.db, user.id));
    return { sent: true };
  });

  api.get('/api/dashboard/erasure-requests', guard, async (_request, reply): Promise<ErasureRequestList> => {
    reply.header('cache-control', 'no-store');
    return listErasureRequests(deps.db);
  });
  api.post('/api/dashboard/erasure-requests/:id/confirm', { ...guard, schema: { params: idParams } }, async (request) =>
    confirmErasure(deps.db, request.params.id, await staffId(request), deps.clock()),
  );
  api.get('/api/dashboard/privacy-settings', guard, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readPrivacySettings(deps.db);
  });
  api.put('/api/dashboard/privacy-settings', { ...guard, schema: { body: privacySettingsForm } }, async (request) =>
    savePrivacySettings(deps.db, request.body),
  );
}
