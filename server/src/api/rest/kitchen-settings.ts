import type { FastifyInstance } from 'fastify';
import { kitchenAgeSettingsInput, prepTimesInput } from '@bakje/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { savePrepTimes, saveKitchenSettings } from '../../modules/kitchen/kitchen-settings.js';
import { requireStaff } from '../http/viewer.js';

const body = kitchenAgeSettingsInput.refine((s) => s.ageAmberMinutes < s.ageRedMinutes, { message: 'must be below ageRedMinutes', path: ['ageAmberMinutes'] });

/**
 * PUT /api/kitchen/settings {ageAmberMinutes, ageRedMinutes, prepMinutes?, categoryPrepMinutes?, productPrepMinutes?}:
 * when the kitchen's age timers turn amber and red, and the preparation times of fire times
 * (docs/decisions/0068-fire-times.md). PUT /api/kitchen/prep-times {prepMinutes, categoryPrepMinutes,
 * productPrepMinutes}: every preparation time at once, as the screen /dashboard/prep-times saves them
 * (docs/decisions/0073-preparation-time-per-product.md). Shop settings, so managers and admins
 * (`settings.manage`); staff read them with GET (kitchen.ts).
 */
export function registerKitchenSettingsRoutes(server: FastifyInstance, deps: { db: Db }): void {
  server
    .withTypeProvider<ZodTypeProvider>()
    .put('/api/kitchen/settings', { preValidation: requireStaff('settings.manage'), schema: { body } }, async (request) =>
      saveKitchenSettings(deps.db, request.body),
    )
    .put('/api/kitchen/prep-times', { preValidation: requireStaff('settings.manage'), schema: { body: prepTimesInput } }, async (request) =>
      savePrepTimes(deps.db, request.body),
    );
}
