import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PosSettingsView } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

export const POS_SETTINGS_KEY = 'cloudpos';

/** The 'cloudpos' settings row: off until the owner connects the till. */
export const posSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  apiKey: z.string().trim().max(200).default(''),
});
export type PosSettings = z.infer<typeof posSettingsSchema>;

export const posSettingsView = (s: PosSettings): PosSettingsView => ({
  enabled: s.enabled,
  baseUrl: s.baseUrl,
  apiKeySet: s.apiKey !== '',
  apiKeyLast4: s.apiKey.slice(-4),
});

export function parsePosSettings(value: unknown): PosSettings {
  const parsed = posSettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : posSettingsSchema.parse({});
}

export async function readPosSettings(db: DbOrTx): Promise<PosSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, POS_SETTINGS_KEY));
  return parsePosSettings(row?.value);
}

/** True when catalogue writes should reach the point of sale. */
export const posSyncOn = (s: PosSettings) => s.enabled && s.baseUrl !== '' && s.apiKey !== '';

const FIELD_MESSAGES: Record<string, string> = {
  enabled: 'enabled is true or false.',
  baseUrl: 'The address is an http:// or https:// URL.',
  apiKey: 'The API key is at most 200 characters.',
};

const posSettingsRefused = (fields: { field: string; message: string }[]) =>
  new DomainError('POS_SETTINGS_INVALID', `Point-of-sale settings not saved: ${fields.map((f) => `${f.field}: ${f.message}`).join(' ')}`, { fields });

/** Validates a change strictly (bad input changes nothing); an empty or absent key keeps the stored one. */
export async function updatePosSettings(db: DbOrTx, patch: unknown): Promise<PosSettings> {
  const input = posSettingsSchema.partial().strict().safeParse(patch);
  if (!input.success) {
    throw posSettingsRefused(
      input.error.issues.flatMap((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({ field: key, message: `Unknown setting "${key}".` }))
          : [{ field: issue.path.map(String).join('.'), message: FIELD_MESSAGES[String(issue.path[0])] ?? issue.message }],
      ),
    );
  }
  const current = await readPosSettings(db);
  const next = posSettingsSchema.parse({ ...current, ...input.data, ...(input.data.apiKey ? {} : { apiKey: current.apiKey }) });
  if (next.enabled && (next.baseUrl === '' || next.apiKey === '')) {
    throw posSettingsRefused([
      { field: next.baseUrl === '' ? 'baseUrl' : 'apiKey', message: 'Give the point of sale address and API key before switching the sync on.' },
    ]);
  }
  await db
    .insert(settings)
    .values({ key: POS_SETTINGS_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  return next;
}
