import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageInput, messagePatch } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { createMessage, deleteMessage, getMessage, listMessages, updateMessage } from '../../modules/messages/messages.js';
import { enumQuery, idParams, lastValue } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const listQuery = z.object({ state: enumQuery(['scheduled', 'showing', 'ended'] as const).optional() });
const deleteQuery = z.object({ force: lastValue.optional() });

/**
 * The message (banner) routes (docs/decisions/0032-messages-manuals.md) under `base`: `/messages` in the store
 * API (API keys, WooCommerce error shape) and `/api/dashboard/messages` for the staff screen (cookie session,
 * `settings.manage`). GET, POST on the list; GET, PUT, DELETE on one message.
 */
export function registerMessageRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date; timeZone: string },
  options: { base: string; preValidation?: preValidationHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { base, preValidation } = options;
  const guard = preValidation ? { preValidation } : {};
  const ctx = () => ({ now: deps.clock(), timeZone: deps.timeZone });

  api.get(base, { ...guard, schema: { querystring: listQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listMessages(deps.db, ctx(), { state: request.query.state });
  });
  api.post(base, { ...guard, schema: { body: messageInput } }, async (request, reply) => {
    reply.code(201);
    return createMessage(deps.db, request.body, ctx());
  });
  api.get(`${base}/:id`, { ...guard, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getMessage(deps.db, request.params.id, ctx());
  });
  const update = { ...guard, schema: { params: idParams, body: messagePatch } };
  api.put(`${base}/:id`, update, async (request) => updateMessage(deps.db, request.params.id, request.body, ctx()));
  api.patch(`${base}/:id`, update, async (request) => updateMessage(deps.db, request.params.id, request.body, ctx()));
  // WooCommerce clients send force=true (messages have no trash): accepted, and a message is removed either way.
  api.delete(`${base}/:id`, { ...guard, schema: { params: idParams, querystring: deleteQuery } }, async (request) =>
    deleteMessage(deps.db, request.params.id, ctx()),
  );
}

/** The dashboard's message routes: /api/dashboard/messages[...] for staff with `settings.manage`. */
export function registerStaffMessageRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date; timeZone: string }) {
  const options = { base: '/api/dashboard/messages', preValidation: requireStaff('settings.manage') };
  registerMessageRoutes(app, deps, options);
}
