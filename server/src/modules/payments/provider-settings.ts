import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentProvidersView, ProviderKeySource, SecretKeyView } from '@bakje/contract';
import { MSP_BASE_URLS, MSP_SIMULATOR_PATH, STRIPE_BASE_URL, STRIPE_JS_URL, type Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { recordChange, type Actor } from '../catalog-audit/catalog-audit.js';

/**
 * The payment providers' keys and switches as the owner sets them in the dashboard
 * (docs/decisions/0040-provider-keys-stripe-checkout.md). The environment variables stay the defaults: a key
 * stored here wins over BAKJE_MSP_API_KEY / BAKJE_STRIPE_*, and without either the simulator (demo) is used.
 * Every use reads the row again, so a change takes effect without a restart.
 */
export const PROVIDER_SETTINGS_KEY = 'payment-providers';
/** Its change-log entries (catalog_changes), one entity. */
export const PROVIDER_SETTINGS_ENTITY = 'payment-providers';

const environment = z.enum(['test', 'live']);
const storedSchema = z.object({
  environment: environment.optional(),
  multisafepay: z.object({ active: z.boolean().default(true), apiKey: z.string().default('') }).default({ active: true, apiKey: '' }),
  // Off until the owner turns it on: a shop takes cards through MultiSafepay first (decision 0030).
  stripe: z
    .object({
      active: z.boolean().default(false),
      secretKey: z.string().default(''),
      publishableKey: z.string().default(''),
      webhookSecret: z.string().default(''),
    })
    .default({ active: false, secretKey: '', publishableKey: '', webhookSecret: '' }),
});
export type StoredProviders = z.infer<typeof storedSchema>;

export function providerSettingsFrom(value: unknown): StoredProviders {
  const parsed = storedSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : storedSchema.parse({});
}

export async function readProviderSettings(db: DbOrTx): Promise<StoredProviders> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, PROVIDER_SETTINGS_KEY));
  return providerSettingsFrom(row?.value);
}

/** What the server's environment gives (config.ts): the defaults under the stored settings. */
export type ProviderDefaults = Pick<Config, 'multisafepay' | 'stripe'>;

export interface MspAccess {
  apiKey: string;
  baseUrl: string;
  environment: 'test' | 'live';
  source: Exclude<ProviderKeySource, 'none'>;
}

export interface StripeAccess {
  secretKey: string;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  baseUrl: string;
  /** Where the checkout page loads Stripe.js from. */
  jsUrl: string;
  source: Exclude<ProviderKeySource, 'none'>;
}

/** MultiSafepay's key and address now (whether or not the owner has it active). */
export function mspAccess(stored: StoredProviders, defaults: ProviderDefaults): MspAccess | undefined {
  const env = stored.environment ?? defaults.multisafepay.environment;
  if (stored.multisafepay.apiKey) return { apiKey: stored.multisafepay.apiKey, baseUrl: MSP_BASE_URLS[env], environment: env, source: 'settings' };
  const fallback = defaults.multisafepay;
  if (!fallback.apiKey) return undefined;
  if (fallback.baseUrl === MSP_SIMULATOR_PATH) return { apiKey: fallback.apiKey, baseUrl: MSP_SIMULATOR_PATH, environment: env, source: 'simulator' };
  return { apiKey: fallback.apiKey, baseUrl: MSP_BASE_URLS[env], environment: env, source: 'environment' };
}

/** Stripe's keys and addresses now. A stored secret key means the real Stripe (and real Stripe.js). */
export function stripeAccess(stored: StoredProviders, defaults: ProviderDefaults): StripeAccess | undefined {
  const s = stored.stripe;
  const fallback = defaults.stripe;
  const simulated = fallback.secretKey !== undefined && fallback.baseUrl !== STRIPE_BASE_URL;
  if (s.secretKey) {
    // The environment's other keys belong with the environment's secret key, never with the simulator's.
    const envKeys = simulated ? undefined : fallback;
    return {
      secretKey: s.secretKey,
      publishableKey: s.publishableKey || envKeys?.publishableKey,
      webhookSecret: s.webhookSecret || envKeys?.webhookSecret,
      baseUrl: STRIPE_BASE_URL,
      jsUrl: fallback.jsUrlOverride ?? STRIPE_JS_URL,
      source: 'settings',
    };
  }
  if (!fallback.secretKey) return undefined;
  if (simulated) {
    return {
      secretKey: fallback.secretKey,
      publishableKey: fallback.publishableKey,
      webhookSecret: fallback.webhookSecret,
      baseUrl: fallback.baseUrl,
      jsUrl: fallback.jsUrl,
      source: 'simulator',
    };
  }
  return {
    secretKey: fallback.secretKey,
    publishableKey: s.publishableKey || fallback.publishableKey,
    webhookSecret: s.webhookSecret || fallback.webhookSecret,
    baseUrl: fallback.baseUrl,
    jsUrl: fallback.jsUrl,
    source: 'environment',
  };
}

/** MultiSafepay takes payments: the owner has it on and a key is known. */
export const mspReady = (stored: StoredProviders, defaults: ProviderDefaults) => stored.multisafepay.active && mspAccess(stored, defaults) !== undefined;

/** Stripe takes payments: on, with a secret key and the browser's publishable key. */
export function stripeReady(stored: StoredProviders, defaults: ProviderDefaults): boolean {
  const access = stripeAccess(stored, defaults);
  return stored.stripe.active && access !== undefined && Boolean(access.publishableKey);
}

const secretView = (value: string | undefined): SecretKeyView => ({ set: Boolean(value), last4: value ? value.slice(-4) : '' });

/** The dashboard's view: which keys are set and their last 4 characters, never a key. */
export function providersView(stored: StoredProviders, defaults: ProviderDefaults): PaymentProvidersView {
  const msp = mspAccess(stored, defaults);
  const stripe = stripeAccess(stored, defaults);
  return {
    environment: stored.environment ?? defaults.multisafepay.environment,
    multisafepay: {
      active: stored.multisafepay.active,
      apiKey: secretView(stored.multisafepay.apiKey),
      source: msp?.source ?? 'none',
      ready: mspReady(stored, defaults),
      baseUrl: msp?.baseUrl ?? MSP_BASE_URLS[stored.environment ?? defaults.multisafepay.environment],
    },
    stripe: {
      active: stored.stripe.active,
      secretKey: secretView(stored.stripe.secretKey),
      publishableKey: secretView(stored.stripe.publishableKey),
      webhookSecret: secretView(stored.stripe.webhookSecret),
      source: stripe?.source ?? 'none',
      ready: stripeReady(stored, defaults),
    },
  };
}

// Keys are pasted: surrounding spaces are dropped, anything else wrong is refused (never "fixed").
const key = (pattern: RegExp) => z.union([z.null(), z.string().trim().max(255).regex(pattern)]);
const inputSchema = z
  .object({
    environment: environment.optional(),
    multisafepay: z
      .object({ active: z.boolean().optional(), apiKey: key(/^[A-Za-z0-9_-]{8,}$/).optional() })
      .strict()
      .optional(),
    stripe: z
      .object({
        active: z.boolean().optional(),
        secretKey: key(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/).optional(),
        publishableKey: key(/^pk_(test|live)_[A-Za-z0-9]{8,}$/).optional(),
        webhookSecret: key(/^whsec_[A-Za-z0-9]{8,}$/).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

const FIELD_MESSAGES: Record<string, string> = {
  environment: 'The environment is test or live.',
  'multisafepay.active': 'active is true or false.',
  'multisafepay.apiKey': 'The MultiSafepay API key is at least 8 letters, digits, - or _.',
  'stripe.active': 'active is true or false.',
  'stripe.secretKey': 'The Stripe secret key starts with sk_test_ or sk_live_.',
  'stripe.publishableKey': 'The Stripe publishable key starts with pk_test_ or pk_live_.',
  'stripe.webhookSecret': 'The Stripe webhook signing secret starts with whsec_.',
};

export interface FieldProblem {
  field: string;
  message: string;
}

const refused = (fields: FieldProblem[]) =>
  new DomainError('PAYMENT_PROVIDERS_INVALID', `Payment providers not saved: ${fields.map((f) => `${f.field}: ${f.message}`).join(' ')}`, { fields });

/** test or live, as the key says (sk_test_..., pk_live_...). */
const keyMode = (value: string) => (/_(test|live)_/.exec(value)?.[1] as 'test' | 'live' | undefined) ?? undefined;

const masked = (value: string) => (value ? `…${value.slice(-4)}` : null);

/**
 * Validates a change strictly (bad input changes nothing), stores it and records who changed what in the
 * change log, with keys masked to their last 4 characters.
 */
export async function updateProviderSettings(db: DbOrTx, patch: unknown, defaults: ProviderDefaults, actor: Actor): Promise<StoredProviders> {
  const input = inputSchema.safeParse(patch ?? {});
  if (!input.success) {
    throw refused(
      input.error.issues.flatMap((issue) => {
        if (issue.code === 'unrecognized_keys') {
          const at = issue.path.map(String).join('.');
          return issue.keys.map((k) => ({ field: at ? `${at}.${k}` : k, message: `Unknown setting "${k}".` }));
        }
        const field = issue.path.map(String).join('.') || 'body';
        return [{ field, message: FIELD_MESSAGES[field] ?? issue.message }];
      }),
    );
  }
  const change = input.data;
  const current = await readProviderSettings(db);
  const pick = (given: string | null | undefined, now: string) => (given === undefined ? now : (given ?? ''));
  const next: StoredProviders = {
    ...((change.environment ?? current.environment) ? { environment: change.environment ?? current.environment } : {}),
    multisafepay: {
      active: change.multisafepay?.active ?? current.multisafepay.active,
      apiKey: pick(change.multisafepay?.apiKey, current.multisafepay.apiKey),
    },
    stripe: {
      active: change.stripe?.active ?? current.stripe.active,
      secretKey: pick(change.stripe?.secretKey, current.stripe.secretKey),
      publishableKey: pick(change.stripe?.publishableKey, current.stripe.publishableKey),
      webhookSecret: pick(change.stripe?.webhookSecret, current.stripe.webhookSecret),
    },
  };

  const problems: FieldProblem[] = [];
  const env = next.environment ?? defaults.multisafepay.environment;
  // A live key in the test environment (or the other way round) is a mistake that would take real money
  // in a test shop, or none in a live one.
  for (const field of ['secretKey', 'publishableKey'] as const) {
    const value = next.stripe[field];
    if (value && keyMode(value) !== env) problems.push({ field: `stripe.${field}`, message: `This is a ${keyMode(value)} key; the environment is ${env}.` });
  }
  if (next.stripe.active) {
    const access = stripeAccess(next, defaults);
    if (!access) problems.push({ field: 'stripe.secretKey', message: 'Give the Stripe secret key before turning Stripe on.' });
    else if (!access.publishableKey) problems.push({ field: 'stripe.publishableKey', message: 'Give the Stripe publishable key before turning Stripe on.' });
  }
  if (next.multisafepay.active && change.multisafepay?.active === true && !mspAccess(next, defaults)) {
    problems.push({ field: 'multisafepay.apiKey', message: 'Give the MultiSafepay API key before turning MultiSafepay on.' });
  }
  if (problems.length) throw refused(problems);

  await db
    .insert(settings)
    .values({ key: PROVIDER_SETTINGS_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });

  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const note = (field: string, before: unknown, after: unknown) => {
    if (before !== after) changes[field] = { before, after };
  };
  note('environment', current.environment ?? null, next.environment ?? null);
  note('multisafepay.active', current.multisafepay.active, next.multisafepay.active);
  note('stripe.active', current.stripe.active, next.stripe.active);
  for (const [field, before, after] of [
    ['multisafepay.apiKey', current.multisafepay.apiKey, next.multisafepay.apiKey],
    ['stripe.secretKey', current.stripe.secretKey, next.stripe.secretKey],
    ['stripe.publishableKey', current.stripe.publishableKey, next.stripe.publishableKey],
    ['stripe.webhookSecret', current.stripe.webhookSecret, next.stripe.webhookSecret],
  ] as const) {
    if (before !== after) changes[field] = { before: masked(before), after: masked(after) };
  }
  await recordChange(db, { entityType: PROVIDER_SETTINGS_ENTITY, entityId: 0, action: 'update', actor, changes });
  return next;
}
