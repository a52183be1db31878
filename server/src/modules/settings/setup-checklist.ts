import { eq, inArray, sql } from 'drizzle-orm';
import type { SetupChecklist, SetupStep, TestModeReason } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { products, settings, timeSlots } from '../../db/schema/index.js';
import { paymentSettingsFrom, PAYMENT_SETTINGS_KEY } from '../payments/payment-settings.js';
import { parsePrintSettings, PRINT_SETTINGS_KEY } from '../printing/print-settings.js';
import { unconfiguredKinds } from '../printing/print-admin.js';
import { shopSettingsFrom } from './shop-settings.js';
import { parseStoreSettings, STORE_SETTINGS_KEY } from './store-settings.js';

export const SETUP_CHECKLIST_KEY = 'setup_checklist';

/**
 * The first-run checklist (issue 13 "First run"): each step is computed from the shop's own data on every
 * call, so it can never say "done" for something that is not. docs/decisions/0033-store-settings-setup-checklist.md.
 */
export interface SetupContext {
  /** Whether the shop can take card payments: a provider key, or the simulator (demo, development). */
  cardPayments: boolean;
  /** Stripe takes cards on the web shop (docs/decisions/0040-provider-keys-stripe-checkout.md). */
  stripe?: boolean;
  /** What keeps the shop in test mode (docs/decisions/0070-test-and-live-mode.md); absent: not asked. */
  testReasons?: TestModeReason[];
}

export async function setupChecklist(db: DbOrTx, context: SetupContext = { cardPayments: false }): Promise<SetupChecklist> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [STORE_SETTINGS_KEY, 'opening_hours', PRINT_SETTINGS_KEY, PAYMENT_SETTINGS_KEY, SETUP_CHECKLIST_KEY]));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const [slotCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(timeSlots)
    .where(eq(timeSlots.isAvailable, true));
  const [productCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.status, 'publish'));

  const steps: SetupStep[] = [
    identityStep(byKey),
    hoursStep(byKey),
    { id: 'slots', done: (slotCount?.n ?? 0) > 0, detail: (slotCount?.n ?? 0) > 0 ? null : 'noSlots', href: '/dashboard/timeslots' },
    { id: 'menu', done: (productCount?.n ?? 0) > 0, detail: (productCount?.n ?? 0) > 0 ? null : 'noProducts', href: '/dashboard/products' },
    printerStep(byKey, context),
    paymentsStep(byKey, context),
  ];
  // Live mode is the last step: green only once nothing runs on a simulator or the virtual printer and the
  // owner switched to live.
  if (context.testReasons) {
    const live = context.testReasons.length === 0;
    steps.push({ id: 'live', done: live, detail: live ? null : 'testMode', href: null });
  }
  const dismissed = (byKey.get(SETUP_CHECKLIST_KEY) as { dismissed?: unknown } | undefined)?.dismissed === true;
  return { steps, allDone: steps.every((s) => s.done), dismissed };
}

/** Cash is always offered and counts as done; a card method offered somewhere counts only with a provider to pay it. */
function paymentsStep(byKey: Map<string, unknown>, context: SetupContext): SetupStep {
  const href = '/dashboard/payments';
  const { methods } = paymentSettingsFrom(byKey);
  const offered = Object.values(methods).some((method) => method.enabled && method.channels.length > 0 && method.fulfilment.length > 0);
  // A provider on its simulator takes no money: not ready, whatever it shows.
  const reasons = context.testReasons ?? [];
  if (reasons.includes('multisafepaySimulator') || reasons.includes('stripeSimulator')) return { id: 'payments', done: false, detail: 'simulator', href };
  if (reasons.includes('multisafepayTestEnvironment') || reasons.includes('stripeTestKeys')) return { id: 'payments', done: false, detail: 'testKeys', href };
  return { id: 'payments', done: true, detail: (context.cardPayments && offered) || context.stripe ? null : 'cashOnly', href };
}

function identityStep(byKey: Map<string, unknown>): SetupStep {
  const href = '/dashboard/settings';
  if (!byKey.has(STORE_SETTINGS_KEY)) return { id: 'identity', done: false, detail: 'noName', href };
  const store = parseStoreSettings(byKey.get(STORE_SETTINGS_KEY));
  const missing = !store.siteName.trim() ? 'noName' : !store.contact.address?.trim() ? 'noAddress' : !store.vatNumber ? 'noVat' : null;
  return { id: 'identity', done: missing === null, detail: missing, href };
}

function hoursStep(byKey: Map<string, unknown>): SetupStep {
  const { week, byType } = shopSettingsFrom(new Map([['opening_hours', byKey.get('opening_hours')]])).openingHours;
  const weeks = [week, byType.delivery, byType.takeaway, byType.dinein];
  const open = weeks.some((w) => w && Object.values(w).some((periods) => (periods?.length ?? 0) > 0));
  return { id: 'hours', done: open, detail: open ? null : 'noHours', href: '/dashboard/hours' };
}

function printerStep(byKey: Map<string, unknown>, context: SetupContext): SetupStep {
  const print = parsePrintSettings(byKey.get(PRINT_SETTINGS_KEY));
  const href = '/dashboard/printing';
  if (context.testReasons?.includes('virtualPrinter')) return { id: 'printer', done: false, detail: 'virtualPrinter', href };
  // Printing switched off is a choice the owner made (no printer in the shop): the step is settled.
  if (!print.enabled) return { id: 'printer', done: true, detail: 'printingOff', href };
  const anyPrinter = print.customerPrinter !== '' || print.kitchenPrinter !== '';
  const done = anyPrinter && unconfiguredKinds(print).length === 0;
  return { id: 'printer', done, detail: done ? null : 'noPrinter', href };
}

/** Hides the checklist on the dashboard (or shows it again); the steps keep being computed. */
export async function setSetupChecklistDismissed(db: DbOrTx, dismissed: boolean, context?: SetupContext): Promise<SetupChecklist> {
  const value = { dismissed };
  await db
    .insert(settings)
    .values({ key: SETUP_CHECKLIST_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return setupChecklist(db, context);
}
