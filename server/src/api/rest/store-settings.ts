import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storeSettingsInput } from '@bakje/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { setSetupChecklistDismissed, setupChecklist, type SetupContext } from '../../modules/settings/setup-checklist.js';
import { loadStoreSettings, saveStoreSettings, storeSettingsForEditing } from '../../modules/settings/store-settings.js';
import { requireStaff } from '../http/viewer.js';
import { parseBody } from './shop-settings.js';

/**
 * The shop's identity, display flags, contact and legal pages (`/api/settings/store`) and the first-run
 * checklist (`/api/settings/setup`), all `settings.manage`. docs/decisions/0033-store-settings-setup-checklist.md.
 */
export function registerStoreSettingsRoutes(server: FastifyInstance, deps: { db: Db; cardPayments: () => Promise<SetupContext> }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const manage = { preValidation: requireStaff('settings.manage') };

  app.get('/api/settings/store', manage, async () => storeSettingsForEditing(await loadStoreSettings(deps.db)));
  app.put('/api/settings/store', manage, async (request) => saveStoreSettings(deps.db, parseBody(storeSettingsInput, request.body)));

  app.get('/api/settings/setup', manage, async () => setupChecklist(deps.db, await deps.cardPayments()));
  app.put('/api/settings/setup', { ...manage, schema: { body: z.object({ dismissed: z.boolean() }) } }, async (request) =>
    setSetupChecklistDismissed(deps.db, request.body.dismissed, await deps.cardPayments()),
  );
}
