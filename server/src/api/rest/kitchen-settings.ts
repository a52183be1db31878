import type { FastifyInstance } from 'fastify';
import { kitchenAgeSettingsInput } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { kitchenSettingsSchema, type KitchenSettings } from '../../modules/kitchen/kitchen-settings.js';
import { requireStaff } from '../http/viewer.js';

/**
 * PUT /api/kitchen/settings {ageAmberMinutes, ageRedMinutes}: when the kitchen's age timers turn amber and
 * red. Shop settings, so managers and admins (`settings.manage`); staff read them with GET (kitchen.ts). The
 * row lives in `settings` ('kitchen'); the write bumps the catalogue version, so every instance's snapshot
 * picks it up.
 */
export function registerKitchenSettingsRoutes(server: FastifyInstance, deps: { db: Db }): void {
  server.put('/api/kitchen/settings', { preHandler: requireStaff('settings.manage') }, async (request, reply) => {
    const parsed = kitchenAgeSettingsInput.safeParse(request.body);
    const checked = parsed.success ? kitchenSettingsSchema.safeParse(parsed.data) : undefined;
    if (!parsed.success || !checked?.success) {
      return reply.code(400).send({
        code: 'bad_input',
        message: 'Send {"ageAmberMinutes": n, "ageRedMinutes": m}: whole minutes from 1 to 1440, amber below red.',
        data: { status: 400 },
      });
    }
    const value: KitchenSettings = checked.data;
    await deps.db
      .insert(settings)
      .values({ key: 'kitchen', value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    return value;
  });
}
