import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { copySlotDayInput, slotDate, fulfilmentTypes, timeSlotInput, timeSlotPatch } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import {
  copySlotDay,
  createTimeSlot,
  deleteTimeSlot,
  getTimeSlot,
  listTimeSlots,
  replaceTimeSlots,
  setSlotBlocked,
  shopToday,
  slotWeek,
  updateTimeSlot,
} from '../../modules/slots/slot-admin.js';
import { enumQuery, idParams, lastValue } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const listQuery = z.object({ type: enumQuery(fulfilmentTypes).optional() });
const replaceBody = z.union([z.array(z.unknown()).max(500), z.object({ time_slots: z.array(z.unknown()).max(500) })], {
  error: 'must be a list of time slots',
});
const deleteQuery = z.object({ force: lastValue.optional() });

/**
 * The time slot routes (docs/decisions/0027-slot-capacity.md) under `base`: `/time-slots` in the store API
 * (API keys, WooCommerce error shape) and `/api/dashboard/time-slots` for the staff screen (cookie session,
 * `timeslots.manage`). GET, POST, PUT (replace all) on the list; GET, PUT, DELETE on one slot.
 */
export function registerTimeSlotRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date },
  options: { base: string; preValidation?: preValidationHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { base, preValidation } = options;
  const guard = preValidation ? { preValidation } : {};

  api.get(base, { ...guard, schema: { querystring: listQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listTimeSlots(deps.db, { type: request.query.type });
  });
  api.post(base, { ...guard, schema: { body: timeSlotInput } }, async (request, reply) => {
    reply.code(201);
    return createTimeSlot(deps.db, request.body);
  });
  api.put(base, { ...guard, schema: { body: replaceBody } }, async (request) =>
    replaceTimeSlots(deps.db, Array.isArray(request.body) ? request.body : request.body.time_slots, deps.clock()),
  );
  api.get(`${base}/:id`, { ...guard, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getTimeSlot(deps.db, request.params.id);
  });
  const update = { ...guard, schema: { params: idParams, body: timeSlotPatch } };
  api.put(`${base}/:id`, update, async (request) => updateTimeSlot(deps.db, request.params.id, request.body, deps.clock()));
  api.patch(`${base}/:id`, update, async (request) => updateTimeSlot(deps.db, request.params.id, request.body, deps.clock()));
  // WooCommerce clients send force=true (slots have no trash): accepted, and a slot is removed either way.
  api.delete(`${base}/:id`, { ...guard, schema: { params: idParams, querystring: deleteQuery } }, async (request) =>
    deleteTimeSlot(deps.db, request.params.id),
  );
}

const weekQuery = z.object({ type: enumQuery(fulfilmentTypes), from: lastValue.pipe(slotDate).optional() });
const blockBody = z.object({ date: slotDate, blocked: z.boolean() }).strict();

/** The staff screen's extras: the week view with bookings, copying a day, blocking a slot on one date. */
export function registerTimeSlotScreenRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date; timeZone: string },
  options: { base: string; preValidation: preValidationHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { base, preValidation } = options;
  api.get(`${base}/week`, { preValidation, schema: { querystring: weekQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const from = request.query.from ?? shopToday(deps.clock(), deps.timeZone);
    return slotWeek(deps.db, { type: request.query.type, from, timeZone: deps.timeZone });
  });
  api.post(`${base}/copy-day`, { preValidation, schema: { body: copySlotDayInput } }, async (request) => copySlotDay(deps.db, request.body));
  api.put(`${base}/:id/blocked`, { preValidation, schema: { params: idParams, body: blockBody } }, async (request) =>
    setSlotBlocked(deps.db, request.params.id, request.body, deps.clock(), deps.timeZone),
  );
}

/** The dashboard's time slot routes: /api/dashboard/time-slots[...] for staff with `timeslots.manage`. */
export function registerStaffTimeSlotRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date; timeZone: string }) {
  const options = { base: '/api/dashboard/time-slots', preValidation: requireStaff('timeslots.manage') };
  registerTimeSlotScreenRoutes(app, deps, options);
  registerTimeSlotRoutes(app, deps, options);
}
