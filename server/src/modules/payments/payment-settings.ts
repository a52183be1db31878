import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fulfilmentTypes, orderChannels, type OrderChannel, type PaymentSettingsView, type CardMethodId } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { settings, type FulfilmentType } from '../../db/schema/index.js';
import { cardGatewayIds, isCardGatewayId, type CardGatewayId } from '../../integrations/multisafepay/multisafepay-client.js';
import type { Lang } from '../i18n/locale.js';

/** The settings row of card payments (`/api/settings/payments`, `settings.manage`). */
export const PAYMENT_SETTINGS_KEY = 'payments';

const methodSchema = z.object({
  enabled: z.boolean(),
  /** Offered for these fulfilment types. */
  fulfilment: z.array(z.enum(fulfilmentTypes)),
  /** Offered on these channels (the web shop, the kiosk). */
  channels: z.array(z.enum(orderChannels)),
});

export const paymentSettingsSchema = z.object({
  /** An order still unpaid this many minutes before its slot is cancelled (its slot place and stock freed). */
  cutoffMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  methods: z.record(z.enum(cardGatewayIds as [CardGatewayId, ...CardGatewayId[]]), methodSchema),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
// The dashboard reads the contract's shape: both lists of card methods must stay the same.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameMethods: Same<CardGatewayId, CardMethodId> = true;
const sameShape: Same<PaymentSettings, PaymentSettingsView> = true;
void sameMethods;
void sameShape;

const everywhere = { fulfilment: [...fulfilmentTypes], channels: [...orderChannels] };
/** The demo and a new shop: the usual Belgian cards on; Cartes Bancaires (a French card) off. */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  cutoffMinutes: 10,
  methods: Object.fromEntries(cardGatewayIds.map((id) => [id, { enabled: id !== 'cartebleue', ...everywhere }])) as PaymentSettings['methods'],
};

export function paymentSettingsFrom(values: Map<string, unknown>): PaymentSettings {
  const parsed = paymentSettingsSchema.partial().safeParse(values.get(PAYMENT_SETTINGS_KEY) ?? {});
  const stored = parsed.success ? parsed.data : {};
  return { cutoffMinutes: stored.cutoffMinutes ?? DEFAULT_PAYMENT_SETTINGS.cutoffMinutes, methods: { ...DEFAULT_PAYMENT_SETTINGS.methods, ...stored.methods } };
}

export async function readPaymentSettings(db: DbOrTx): Promise<PaymentSettings> {
  const rows = await db.select().from(settings).where(eq(settings.key, PAYMENT_SETTINGS_KEY));
  return paymentSettingsFrom(new Map(rows.map((r) => [r.key, r.value])));
}

export async function savePaymentSettings(db: DbOrTx, input: unknown): Promise<PaymentSettings> {
  const value = paymentSettingsSchema.parse(input);
  await db.insert(settings).values({ key: PAYMENT_SETTINGS_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return paymentSettingsFrom(new Map([[PAYMENT_SETTINGS_KEY, value]]));
}

/** Brand names are the same in every language, except where a language has its own. */
const TITLES: Record<CardGatewayId, string> = {
  amex: 'American Express',
  applepay: 'Apple Pay',
  bancontact: 'Bancontact',
  cartebleue: 'Cartes Bancaires',
  googlepay: 'Google Pay',
  ideal: 'iDEAL',
  maestro: 'Maestro',
  mastercard: 'Mastercard',
  visa: 'Visa',
};
const DESCRIPTIONS: Record<Lang, string> = {
  nl: 'Online betalen via MultiSafepay.',
  fr: 'Paiement en ligne via MultiSafepay.',
  en: 'Pay online through MultiSafepay.',
};

export function cardMethodTitle(id: CardGatewayId): string {
  return TITLES[id];
}

export interface GatewayView {
  id: string;
  title: string;
  description: string;
  icon: string | null;
  isMultisafepay: boolean;
}

/** The card methods offered for a fulfilment type (all types when none is chosen yet) and channel. */
export function offeredCardMethods(values: Map<string, unknown>, lang: Lang, channel: OrderChannel, fulfilment?: FulfilmentType | null): GatewayView[] {
  const { methods } = paymentSettingsFrom(values);
  return cardGatewayIds
    .filter((id) => {
      const method = methods[id];
      return method?.enabled && method.channels.includes(channel) && (!fulfilment || method.fulfilment.includes(fulfilment));
    })
    .map((id) => ({ id, title: TITLES[id], description: DESCRIPTIONS[lang], icon: `/images/payment/${id}.svg`, isMultisafepay: true }));
}

/** Whether checkout may take this card method for this order; its title when it may. */
export function cardMethodAllowed(values: Map<string, unknown>, id: string, fulfilment: FulfilmentType, channel: OrderChannel): string | undefined {
  if (!isCardGatewayId(id)) return undefined;
  const method = paymentSettingsFrom(values).methods[id];
  return method?.enabled && method.fulfilment.includes(fulfilment) && method.channels.includes(channel) ? TITLES[id] : undefined;
}

/** docs/product.md §4: the standard and multi-payment lists merged, de-duplicated by id, sorted by title. */
export function mergeGateways<T extends { id: string; title: string }>(...lists: T[][]): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const gateway of list) if (!byId.has(gateway.id)) byId.set(gateway.id, gateway);
  return [...byId.values()].sort((a, b) => a.title.localeCompare(b.title));
}
