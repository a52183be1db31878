import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_SMS_TEXTS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LANGS,
  SMS_TEXT_MAX,
  type NotificationKind,
  type NotificationSettingsView,
  type NotificationTexts,
  type ProviderKeySource,
} from '@bakje/contract';
import { TWILIO_SIMULATOR_ACCOUNT_SID, TWILIO_SIMULATOR_AUTH_TOKEN } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { TWILIO_BASE_URL } from '../../integrations/twilio/twilio-client.js';
import { TWILIO_SIMULATOR_ROOT } from '../../integrations/twilio/twilio-simulator.js';
import { recordChange, type Actor } from '../catalog-audit/catalog-audit.js';

/**
 * The owner's notification settings (docs/decisions/0083-order-notifications-sms.md), one settings row: per
 * channel (SMS; web push, docs/decisions/0086-order-web-push.md) on or off, which kinds, the texts per kind and language, and
 * for SMS the Twilio account. Read at each use, so a change takes effect at once.
 */
export const NOTIFICATION_SETTINGS_KEY = 'notifications';
export const NOTIFICATION_SETTINGS_ENTITY = 'notifications';

/** Cost-aware defaults: "ready" (and its delivery twin), a delay and a cancel; "accepted" only when asked. */
const DEFAULT_KINDS: Record<NotificationKind, boolean> = { accepted: false, ready: true, 'out-for-delivery': true, delayed: true, cancelled: true };

const kindsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean().default(DEFAULT_KINDS[k])])) as Record<NotificationKind, z.ZodDefault<z.ZodBoolean>>,
);
const textSchema = z.string().trim().min(1).max(SMS_TEXT_MAX);
const textsSchema = z.object(
  Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [
      k,
      z
        .object(Object.fromEntries(NOTIFICATION_LANGS.map((l) => [l, textSchema.optional()])))
        .partial()
        .default({}),
    ]),
  ),
);

/** Push costs nothing per message and the customer asked for it on the order page: every kind on by default. */
const DEFAULT_PUSH_KINDS: Record<NotificationKind, boolean> = { accepted: true, ready: true, 'out-for-delivery': true, delayed: true, cancelled: true };
const pushKindsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean().default(DEFAULT_PUSH_KINDS[k])])) as Record<NotificationKind, z.ZodDefault<z.ZodBoolean>>,
);

const storedSchema = z.object({
  push: z
    .object({ enabled: z.boolean().default(true), kinds: pushKindsSchema.default(DEFAULT_PUSH_KINDS) })
    .default({ enabled: true, kinds: DEFAULT_PUSH_KINDS }),
  sms: z
    .object({
      enabled: z.boolean().default(false),
      kinds: kindsSchema.default(DEFAULT_KINDS),
      /** Only the texts the owner changed; the rest are the defaults. */
      texts: textsSchema.default({}),
      twilio: z
        .object({
          accountSid: z.string().default(''),
          authToken: z.string().default(''),
          from: z.string().default(''),
          messagingServiceSid: z.string().default(''),
        })
        .default({ accountSid: '', authToken: '', from: '', messagingServiceSid: '' }),
    })
    .default({ enabled: false, kinds: DEFAULT_KINDS, texts: {}, twilio: { accountSid: '', authToken: '', from: '', messagingServiceSid: '' } }),
});
export type StoredNotificationSettings = z.infer<typeof storedSchema>;

export function notificationSettingsFrom(value: unknown): StoredNotificationSettings {
  const parsed = storedSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : storedSchema.parse({});
}

export async function readNotificationSettings(db: DbOrTx): Promise<StoredNotificationSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, NOTIFICATION_SETTINGS_KEY));
  return notificationSettingsFrom(row?.value);
}

/** The texts in force: the owner's where changed, else the defaults. */
export function smsTexts(stored: StoredNotificationSettings): NotificationTexts {
  const own = stored.sms.texts as Partial<Record<NotificationKind, Partial<Record<string, string>>>>;
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, Object.fromEntries(NOTIFICATION_LANGS.map((l) => [l, own[k]?.[l] || DEFAULT_SMS_TEXTS[k][l]]))]),
  ) as NotificationTexts;
}

export interface TwilioAccess {
  accountSid: string;
  authToken: string;
  baseUrl: string;
  from: string;
  messagingServiceSid: string;
  source: Exclude<ProviderKeySource, 'none' | 'environment'>;
}

/**
 * Twilio as it is to be used now: the owner's account (called at `apiUrl`, BAKJE_TWILIO_API_URL), else the
 * simulator's where it runs, else none.
 */
export function twilioAccess(stored: StoredNotificationSettings, simulator: boolean, apiUrl: string = TWILIO_BASE_URL): TwilioAccess | undefined {
  const t = stored.sms.twilio;
  if (t.accountSid && t.authToken) {
    return {
      accountSid: t.accountSid,
      authToken: t.authToken,
      baseUrl: apiUrl,
      from: t.from,
      messagingServiceSid: t.messagingServiceSid,
      source: 'settings',
    };
  }
  if (!simulator) return undefined;
  return {
    accountSid: TWILIO_SIMULATOR_ACCOUNT_SID,
    authToken: TWILIO_SIMULATOR_AUTH_TOKEN,
    baseUrl: TWILIO_SIMULATOR_ROOT,
    from: t.from || 'Bakje',
    messagingServiceSid: t.messagingServiceSid,
    source: 'simulator',
  };
}

/** Messages can go out: an account and a sender. */
export const smsReady = (access: TwilioAccess | undefined) => Boolean(access && (access.from || access.messagingServiceSid));

/** The dashboard's view: the token only as set and its last 4 characters. */
export function notificationSettingsView(stored: StoredNotificationSettings, simulator: boolean): NotificationSettingsView {
  const access = twilioAccess(stored, simulator);
  const t = stored.sms.twilio;
  return {
    sms: {
      enabled: stored.sms.enabled,
      kinds: { ...DEFAULT_KINDS, ...stored.sms.kinds },
      texts: smsTexts(stored),
      twilio: {
        accountSid: t.accountSid,
        authToken: { set: Boolean(t.authToken), last4: t.authToken ? t.authToken.slice(-4) : '' },
        from: t.from,
        messagingServiceSid: t.messagingServiceSid,
        source: access?.source ?? 'none',
        ready: smsReady(access),
      },
    },
    push: { enabled: stored.push.enabled, kinds: { ...DEFAULT_PUSH_KINDS, ...stored.push.kinds } },
  };
}

// Pasted values: surrounding spaces go, anything else wrong is refused (never "fixed").
const inputSchema = z
  .object({
    sms: z
      .object({
        enabled: z.boolean(),
        kinds: z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()]))).strict(),
        texts: z
          .object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.object(Object.fromEntries(NOTIFICATION_LANGS.map((l) => [l, textSchema]))).strict()])))
          .strict(),
        twilio: z
          .object({
            accountSid: z.union([
              z.literal(''),
              z
                .string()
                .trim()
                .regex(/^AC[0-9a-fA-F]{32}$/),
            ]),
            authToken: z
              .union([
                z.null(),
                z
                  .string()
                  .trim()
                  .regex(/^[0-9a-zA-Z]{32}$/),
              ])
              .optional(),
            // A Twilio number (E.164) or an alphanumeric sender id (at most 11 letters, digits and spaces, one letter at least).
            from: z.union([
              z.literal(''),
              z
                .string()
                .trim()
                .regex(/^\+[1-9]\d{6,14}$/),
              z
                .string()
                .trim()
                .regex(/^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/),
            ]),
            messagingServiceSid: z.union([
              z.literal(''),
              z
                .string()
                .trim()
                .regex(/^MG[0-9a-fA-F]{32}$/),
            ]),
          })
          .strict(),
      })
      .strict(),
    push: z
      .object({ enabled: z.boolean(), kinds: z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()]))).strict() })
      .strict()
      .optional(),
  })
  .strict();

const FIELD_MESSAGES: Record<string, string> = {
  'sms.twilio.accountSid': 'The account SID starts with AC followed by 32 hexadecimal characters.',
  'sms.twilio.authToken': 'The auth token is 32 letters and digits.',
  'sms.twilio.from': 'The sender is a phone number in international form (+32...) or at most 11 letters and digits.',
  'sms.twilio.messagingServiceSid': 'The messaging service SID starts with MG followed by 32 hexadecimal characters.',
};

export interface FieldProblem {
  field: string;
  message: string;
}

const refused = (fields: FieldProblem[]) =>
  new DomainError('NOTIFICATION_SETTINGS_INVALID', `Notification settings not saved: ${fields.map((f) => `${f.field}: ${f.message}`).join(' ')}`, { fields });

/**
 * Validates a change strictly (bad input changes nothing), stores it, and records it in the change log with the
 * token masked. SMS can be switched on only with an account and a sender (or the simulator's).
 */
export async function updateNotificationSettings(db: DbOrTx, body: unknown, simulator: boolean, actor: Actor): Promise<StoredNotificationSettings> {
  const input = inputSchema.safeParse(body ?? {});
  if (!input.success) {
    throw refused(
      input.error.issues.map((issue) => {
        const field = issue.path.map(String).join('.') || 'body';
        const text = field.startsWith('sms.texts.') ? `Each text has 1 to ${SMS_TEXT_MAX} characters.` : (FIELD_MESSAGES[field] ?? issue.message);
        return { field, message: text };
      }),
    );
  }
  const change = input.data.sms;
  const current = await readNotificationSettings(db);
  const token = change.twilio.authToken === undefined ? current.sms.twilio.authToken : (change.twilio.authToken ?? '');
  // Only the texts that differ from the defaults are kept, so improved defaults reach shops that never changed them.
  const texts = Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [
      k,
      Object.fromEntries(NOTIFICATION_LANGS.flatMap((l) => (change.texts[k]![l] !== DEFAULT_SMS_TEXTS[k][l] ? [[l, change.texts[k]![l]]] : []))),
    ]),
  );
  const next: StoredNotificationSettings = notificationSettingsFrom({
    push: input.data.push ?? current.push,
    sms: {
      enabled: change.enabled,
      kinds: change.kinds,
      texts,
      twilio: { accountSid: change.twilio.accountSid, authToken: token, from: change.twilio.from, messagingServiceSid: change.twilio.messagingServiceSid },
    },
  });
  const problems: FieldProblem[] = [];
  const t = next.sms.twilio;
  if (t.accountSid && !t.authToken) problems.push({ field: 'sms.twilio.authToken', message: 'Give the auth token with the account SID.' });
  if (!t.accountSid && t.authToken) problems.push({ field: 'sms.twilio.accountSid', message: 'Give the account SID with the auth token.' });
  if (next.sms.enabled && !problems.length && !smsReady(twilioAccess(next, simulator))) {
    problems.push({
      field: t.accountSid ? 'sms.twilio.from' : 'sms.twilio.accountSid',
      message: 'Give the Twilio account and a sender before turning SMS on.',
    });
  }
  if (problems.length) throw refused(problems);

  await db
    .insert(settings)
    .values({ key: NOTIFICATION_SETTINGS_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const note = (field: string, before: unknown, after: unknown) => {
    if (JSON.stringify(before) !== JSON.stringify(after)) changes[field] = { before, after };
  };
  const masked = (value: string) => (value ? `…${value.slice(-4)}` : null);
  note('push.enabled', current.push.enabled, next.push.enabled);
  note('push.kinds', current.push.kinds, next.push.kinds);
  note('sms.enabled', current.sms.enabled, next.sms.enabled);
  note('sms.kinds', current.sms.kinds, next.sms.kinds);
  note('sms.texts', current.sms.texts, next.sms.texts);
  note('sms.twilio.accountSid', current.sms.twilio.accountSid, next.sms.twilio.accountSid);
  note('sms.twilio.authToken', masked(current.sms.twilio.authToken), masked(next.sms.twilio.authToken));
  note('sms.twilio.from', current.sms.twilio.from, next.sms.twilio.from);
  note('sms.twilio.messagingServiceSid', current.sms.twilio.messagingServiceSid, next.sms.twilio.messagingServiceSid);
  await recordChange(db, { entityType: NOTIFICATION_SETTINGS_ENTITY, entityId: 0, action: 'update', actor, changes });
  return next;
}
