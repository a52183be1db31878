import { eq } from 'drizzle-orm';
import { z } from 'zod';
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

/** What the dashboard may see: never the key, only whether it is set and its last four characters. */
export interface PosSettingsView {
  enabled: boolean;
  baseUrl: string;
  apiKeySet: boolean;
  apiKeyLast4: string;
}

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

/** Validates a change strictly (bad input changes nothing); an empty or absent key keeps the stored one. */
export async function updatePosSettings(db: DbOrTx, patch: unknown): Promise<PosSettings> {
  const input = posSettingsSchema.partial().strict().safeParse(patch);
  if (!input.success) {
    const issue = input.error.issues[0]!;
    throw new DomainError('POS_SETTINGS_INVALID', `${issue.path.join('.') || 'settings'}: ${issue.message}`, { params: issue.path.map(String) });
  }
  const current = await readPosSettings(db);
  const next = posSettingsSchema.parse({ ...current, ...input.data, ...(input.data.apiKey ? {} : { apiKey: current.apiKey }) });
  if (next.enabled && (next.baseUrl === '' || next.apiKey === '')) {
    throw new DomainError('POS_SETTINGS_INVALID', 'Give the point of sale address and API key before switching the sync on.', {
      params: [next.baseUrl === '' ? 'baseUrl' : 'apiKey'],
    });
  }
  await db
    .insert(settings)
    .values({ key: POS_SETTINGS_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  return next;
}
