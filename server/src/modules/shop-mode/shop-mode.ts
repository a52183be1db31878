import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { LiveModeMissing, ShopModeDetails, TestModeReason } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { MultiSafepayClient, MSP_ORDER_NOT_FOUND, type FetchLike } from '../../integrations/multisafepay/multisafepay-client.js';
import { StripeClient } from '../../integrations/stripe/stripe-client.js';
import { mspAccess, PROVIDER_SETTINGS_KEY, providerSettingsFrom, stripeAccess, type ProviderDefaults } from '../payments/provider-settings.js';
import { paymentSettingsFrom, PAYMENT_SETTINGS_KEY } from '../payments/payment-settings.js';
import { unconfiguredKinds } from '../printing/print-admin.js';
import { parsePrintSettings, PRINT_SETTINGS_KEY } from '../printing/print-settings.js';

/**
 * The shop's one mode, test or live (docs/decisions/0070-test-and-live-mode.md). It is test while anything
 * the shop takes money or prints tickets with is not real: a payment provider the owner has on runs on its
 * simulator or in its test environment, tickets go to the virtual printer (or to no printer), or the owner
 * has not switched to live. The switch is stored; the rest is computed from the settings on every call, so
 * the shop falls back to test the moment a simulator or the virtual printer is back.
 */
export const SHOP_MODE_KEY = 'shop-mode';

const storedSchema = z.object({ live: z.boolean().default(false), since: z.string().optional() });

export interface ShopModeContext {
  providerDefaults: ProviderDefaults;
  /** The virtual printer's address while it runs ("127.0.0.1:40123"), else undefined. */
  virtualPrinter: () => string | undefined;
  /** The HTTP function for a provider address (the payments area's: in-process for a simulator's path). */
  fetchFor: (baseUrl: string) => { fetch?: FetchLike };
}

/** The context from the app's parts: the printing runtime's virtual printer is read at each use, as it starts later. */
export function shopModeContext(
  providerDefaults: ProviderDefaults,
  printing: { virtualPrinter?: { address: string } },
  fetchFor: ShopModeContext['fetchFor'],
): ShopModeContext {
  return { providerDefaults, virtualPrinter: () => printing.virtualPrinter?.address || undefined, fetchFor };
}

/** What keeps the shop in test, from its settings rows (the catalogue's in-memory copy, or read now). */
export function testModeReasons(values: Map<string, unknown>, context: Pick<ShopModeContext, 'providerDefaults' | 'virtualPrinter'>): TestModeReason[] {
  const reasons: TestModeReason[] = [];
  const providers = providerSettingsFrom(values.get(PROVIDER_SETTINGS_KEY));
  const msp = mspAccess(providers, context.providerDefaults);
  // MultiSafepay pays the card methods: with none offered it takes no payment, simulated or not.
  const { methods } = paymentSettingsFrom(values);
  const cardsOffered = Object.values(methods).some((method) => method.enabled && method.channels.length > 0 && method.fulfilment.length > 0);
  if (providers.multisafepay.active && msp && cardsOffered) {
    if (msp.source === 'simulator') reasons.push('multisafepaySimulator');
    else if (msp.environment === 'test') reasons.push('multisafepayTestEnvironment');
  }
  const stripe = stripeAccess(providers, context.providerDefaults);
  if (providers.stripe.active && stripe) {
    if (stripe.source === 'simulator') reasons.push('stripeSimulator');
    else if (/^(sk|rk)_test_/.test(stripe.secretKey)) reasons.push('stripeTestKeys');
  }
  const print = parsePrintSettings(values.get(PRINT_SETTINGS_KEY));
  const virtual = context.virtualPrinter();
  const printers = [print.customerPrinter, print.kitchenPrinter].filter((printer) => printer !== '');
  if (print.enabled && virtual && printers.includes(virtual)) reasons.push('virtualPrinter');
  else if (!print.enabled || printers.length === 0 || unconfiguredKinds(print).length > 0) reasons.push('noPrinter');
  if (!storedSchema.safeParse(values.get(SHOP_MODE_KEY) ?? {}).data?.live) reasons.push('notSwitched');
  return reasons;
}

const ofSnapshot = new WeakMap<Map<string, unknown>, { context: object; reasons: TestModeReason[] }>();

/**
 * The mode of a catalogue snapshot's settings, computed once per snapshot: every checkout and every screen's
 * banner asks, and the settings change only with a new snapshot.
 */
export function shopModeFrom(values: Map<string, unknown>, context: Pick<ShopModeContext, 'providerDefaults' | 'virtualPrinter'>): ShopModeDetails {
  let known = ofSnapshot.get(values);
  if (!known || known.context !== context) {
    known = { context, reasons: testModeReasons(values, context) };
    ofSnapshot.set(values, known);
  }
  const reasons = known.reasons;
  return { mode: reasons.length ? 'test' : 'live', reasons };
}

const MODE_ROWS = [SHOP_MODE_KEY, PROVIDER_SETTINGS_KEY, PRINT_SETTINGS_KEY, PAYMENT_SETTINGS_KEY];

async function modeRows(db: DbOrTx): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, MODE_ROWS));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The mode as stored now (not the catalogue's copy, which may be a moment behind): the dashboard's view. */
export async function readShopMode(db: DbOrTx, context: Pick<ShopModeContext, 'providerDefaults' | 'virtualPrinter'>): Promise<ShopModeDetails> {
  const reasons = testModeReasons(await modeRows(db), context);
  return { mode: reasons.length ? 'test' : 'live', reasons };
}

/** The owner's words for each reason: what is missing and where to set it. */
const MISSING: Record<LiveModeMissing['reason'], string> = {
  multisafepaySimulator: 'MultiSafepay runs on the simulator: enter your live MultiSafepay API key under Payments.',
  multisafepayTestEnvironment: 'MultiSafepay uses its test environment: choose "live" and enter your live API key under Payments.',
  multisafepayKeyRefused: 'MultiSafepay refused the API key',
  stripeSimulator: 'Stripe runs on the simulator: enter your live Stripe keys under Payments.',
  stripeTestKeys: 'Stripe has test keys (sk_test_): enter your live Stripe keys under Payments.',
  stripeKeyRefused: 'Stripe refused the secret key',
  virtualPrinter: 'Tickets go to the virtual printer: enter your real printer under Printing.',
  noPrinter: 'No printer takes the tickets: enter your real printer under Printing.',
  testPrintNotConfirmed: 'Print a test ticket on the real printer and confirm it came out.',
  notSwitched: 'The shop is not switched to live.',
};

const missing = (reason: LiveModeMissing['reason'], detail?: string): LiveModeMissing => ({
  reason,
  message: detail ? `${MISSING[reason]}: ${detail}.` : MISSING[reason],
});

/**
 * Asks each provider the owner has on whether it takes the key, by a call that changes nothing (an order or
 * payment intent that does not exist: "not found" means the key was accepted). A simulator is never asked.
 */
async function providerKeyProblems(values: Map<string, unknown>, context: ShopModeContext): Promise<LiveModeMissing[]> {
  const problems: LiveModeMissing[] = [];
  const providers = providerSettingsFrom(values.get(PROVIDER_SETTINGS_KEY));
  const defaults = context.providerDefaults;
  const msp = mspAccess(providers, defaults);
  if (providers.multisafepay.active && msp && msp.source !== 'simulator' && !testModeReasons(values, context).includes('multisafepayTestEnvironment')) {
    const client = new MultiSafepayClient({
      apiKey: msp.apiKey,
      baseUrl: msp.baseUrl,
      timeoutMs: defaults.multisafepay.timeoutMs,
      ...context.fetchFor(msp.baseUrl),
    });
    const reply = await client.getOrder('bakje-live-key-check');
    if (!reply.success && reply.errorCode !== MSP_ORDER_NOT_FOUND) problems.push(missing('multisafepayKeyRefused', reply.errorInfo));
  }
  const stripe = stripeAccess(providers, defaults);
  if (providers.stripe.active && stripe && stripe.source !== 'simulator') {
    const client = new StripeClient({
      secretKey: stripe.secretKey,
      baseUrl: stripe.baseUrl,
      timeoutMs: defaults.stripe.timeoutMs,
      ...context.fetchFor(stripe.baseUrl),
    });
    const reply = await client.retrievePaymentIntent('pi_bakjeLiveKeyCheck');
    if (!reply.success && !reply.notFound) problems.push(missing('stripeKeyRefused', reply.message));
  }
  return problems;
}

/**
 * Switches the shop to live, or refuses naming everything still missing (nothing changes then): each
 * provider on must be real, in its live environment and take its key when asked; tickets must go to a real
 * printer whose test ticket the owner saw come out.
 */
export async function switchToLive(db: DbOrTx, context: ShopModeContext, input: { testPrintConfirmed: boolean }, now: Date): Promise<ShopModeDetails> {
  const values = await modeRows(db);
  const problems = testModeReasons(values, context)
    .filter((reason) => reason !== 'notSwitched')
    .map((reason) => missing(reason));
  // A key is checked only where nothing else is wrong with the provider: a simulator is never asked.
  problems.push(...(await providerKeyProblems(values, context)));
  if (!input.testPrintConfirmed) problems.push(missing('testPrintNotConfirmed'));
  if (problems.length) {
    // Named as fields (the dashboard's error shape): each reason with its sentence.
    const fields = problems.map((p) => ({ field: p.reason, message: p.message }));
    throw new DomainError('LIVE_MODE_REFUSED', `Not switched to live. ${problems.map((p) => p.message).join(' ')}`, { fields });
  }
  await storeMode(db, { live: true, since: now.toISOString() });
  return readShopMode(db, context);
}

/** Back to test (a simulator or the virtual printer puts the shop in test anyway; this is the owner's own choice). */
export async function switchToTest(db: DbOrTx, context: ShopModeContext): Promise<ShopModeDetails> {
  await storeMode(db, { live: false });
  return readShopMode(db, context);
}

async function storeMode(db: DbOrTx, value: z.infer<typeof storedSchema>): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SHOP_MODE_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
