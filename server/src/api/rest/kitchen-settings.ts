import type { FastifyInstance } from 'fastify';
import { kitchenAgeSettingsInput } from '@bakje/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { saveKitchenSettings } from '../../modules/kitchen/kitchen-settings.js';
import { requireStaff } from '../http/viewer.js';

const body = kitchenAgeSettingsInput.refine((s) => s.ageAmberMinutes < s.ageRedMinutes, { message: 'must be below ageRedMinutes', path: ['ageAmberMinutes'] });

/**
 * PUT /api/kitchen/settings {ageAmberMinutes, ageRedMinutes, prepMinutes?, categoryPrepMinutes?}: when the
 * kitchen's age timers turn amber and red, and the preparation times of fire times (docs/decisions/0068-fire-times.md). Shop settings, so managers and admins (`settings.manage`); staff read them with GET (kitchen.ts).
 */
export function registerKitchenSettingsRoutes(server: FastifyInstance, deps: { db: Db }): void {
  server
    .withTypeProvider<ZodTypeProvider>()
    .put('/api/kitchen/settings', { preValidation: requireStaff('settings.manage'), schema: { body } }, async (request) =>
      saveKitchenSettings(deps.db, request.body),
    );
}
