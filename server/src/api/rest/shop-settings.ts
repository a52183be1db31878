import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { busyInput, deliveryRulesInput, fulfilmentTypes, openingHoursInput, orderChannels, pauseInput } from '@bakje/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { publicOpeningHours } from '../../modules/opening-hours/opening-hours.js';
import { deliveryForEditing, hoursForEditing, loadShopSettings, saveDeliveryRules, saveOpeningHours } from '../../modules/opening-hours/hours-settings.js';
import { pauseEnd, pauseOrdering, resumeOrdering, setBusy, shopStatus } from '../../modules/opening-hours/pause.js';
import { DomainError } from '../../errors/domain-error.js';
import { requireStaff } from '../http/viewer.js';

export interface ShopSettingsRoutesDeps {
  db: Db;
  timeZone: string;
  clock: () => Date;
}

/**
 * Parses a settings body, naming each failing field by its full path (`exceptions.1.from`), which the
 * dashboard forms show by the field. Route-schema failures would name only the top-level key.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  const names = [...new Set(fields.map((f) => f.field))];
  throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${fields.map((f) => `${f.field} (${f.message})`).join(', ')}`, {
    params: [...new Set(names.map((n) => n.split('.')[0]!))],
    fields,
  });
}

const resumeInput = z.object({
  channels: z.array(z.enum(orderChannels)).optional(),
  types: z.array(z.enum(fulfilmentTypes)).optional(),
});

/**
 * Opening hours and delivery rules (`settings.manage`), pause and busy (`ordering.pause`: the kitchen too),
 * and the public shop status. docs/decisions/0028-hours-delivery-pause.md.
 */
export function registerShopSettingsRoutes(server: FastifyInstance, deps: ShopSettingsRoutesDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const shop = () => loadShopSettings(deps.db);
  const status = async () => shopStatus(await shop(), deps.clock(), deps.timeZone);
  const manage = { preValidation: requireStaff('settings.manage') };
  const pause = { preValidation: requireStaff('ordering.pause') };

  app.get('/api/settings/hours', manage, async () => hoursForEditing(await shop()));
  app.put('/api/settings/hours', manage, async (request) => saveOpeningHours(deps.db, parseBody(openingHoursInput, request.body)));
  app.get('/api/settings/delivery', manage, async () => deliveryForEditing(await shop()));
  app.put('/api/settings/delivery', manage, async (request) => saveDeliveryRules(deps.db, parseBody(deliveryRulesInput, request.body)));

  app.get('/api/settings/pause', pause, status);
  app.post('/api/settings/pause', { ...pause, schema: { body: pauseInput } }, async (request) => {
    const now = deps.clock();
    await pauseOrdering(deps.db, request.body, pauseEnd(await shop(), request.body.duration, now, deps.timeZone), now);
    return status();
  });
  app.post('/api/settings/resume', { ...pause, schema: { body: resumeInput } }, async (request) => {
    await resumeOrdering(deps.db, deps.clock(), request.body);
    return status();
  });
  app.post('/api/settings/busy', { ...pause, schema: { body: busyInput } }, async (request) => {
    const now = deps.clock();
    // Busy lasts until today's closing (midnight when already closed), or until turned off.
    await setBusy(deps.db, request.body.minutes, pauseEnd(await shop(), 'end-of-day', now, deps.timeZone), now);
    return status();
  });

  app.get('/api/shop-status', status);
  app.get('/api/opening-hours', async () => publicOpeningHours((await shop()).openingHours, deps.clock(), deps.timeZone));
}
