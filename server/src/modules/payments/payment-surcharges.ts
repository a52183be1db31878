import { eq } from 'drizzle-orm';
import {
  KIOSK_COUNTER_METHOD,
  KIOSK_TERMINAL_METHOD,
  surchargeMethodIds,
  surchargeVatRates,
  type PaymentSurcharge,
  type PaymentSurchargesView,
  type SurchargeMethodId,
} from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { recordChange, type Actor } from '../catalog-audit/catalog-audit.js';

/**
 * Transaction cost per payment method (docs/decisions/0048-transaction-cost.md): the settings row, read by
 * the cart through the catalogue snapshot (a settings write refreshes it) and written by the dashboard.
 */
export const PAYMENT_SURCHARGES_KEY = 'payment-surcharges';
/** Its change-log entries (catalog_changes), one entity. */
export const PAYMENT_SURCHARGES_ENTITY = 'payment-surcharges';
export const MAX_SURCHARGE_LABEL = 60;
/** A fixed part above this is surely a typing mistake (cents). */
export const MAX_SURCHARGE_FIXED = 100_00;

// The kiosk's method ids must stay in the contract's list (a type error here otherwise).
const kioskIds: SurchargeMethodId[] = [KIOSK_TERMINAL_METHOD, KIOSK_COUNTER_METHOD];
void kioskIds;

export const NO_SURCHARGE: PaymentSurcharge = { fixed: 0, percent: 0, vatRate: 21, label: '' };

export function isSurchargeMethod(id: string): id is SurchargeMethodId {
  return (surchargeMethodIds as readonly string[]).includes(id);
}

/** What is stored, completed with no surcharge for every method it does not name (the default everywhere). */
export function paymentSurchargesFrom(values: Map<string, unknown>): PaymentSurchargesView {
  const stored = values.get(PAYMENT_SURCHARGES_KEY) as { methods?: Record<string, unknown> } | undefined;
  const methods = Object.fromEntries(
    surchargeMethodIds.map((id) => {
      const checked = checkSurcharge(stored?.methods?.[id], id);
      return [id, checked.problems.length ? NO_SURCHARGE : checked.value];
    }),
  ) as PaymentSurchargesView['methods'];
  return { methods };
}

export async function readPaymentSurcharges(db: DbOrTx): Promise<PaymentSurchargesView> {
  const rows = await db.select().from(settings).where(eq(settings.key, PAYMENT_SURCHARGES_KEY));
  return paymentSurchargesFrom(new Map(rows.map((r) => [r.key, r.value])));
}

interface FieldProblem {
  field: string;
  message: string;
}

function checkSurcharge(input: unknown, id: string): { value: PaymentSurcharge; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  if (input === undefined) return { value: NO_SURCHARGE, problems };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { value: NO_SURCHARGE, problems: [{ field: `methods.${id}`, message: 'Expected an object with fixed, percent, vatRate and label.' }] };
  }
  const raw = input as Record<string, unknown>;
  const fixed = raw.fixed ?? 0;
  const percent = raw.percent ?? 0;
  const vatRate = raw.vatRate ?? 21;
  const label = raw.label ?? '';
  if (typeof fixed !== 'number' || !Number.isInteger(fixed) || fixed < 0 || fixed > MAX_SURCHARGE_FIXED) {
    problems.push({ field: `methods.${id}.fixed`, message: `The fixed amount must be whole cents from 0 to ${MAX_SURCHARGE_FIXED}.` });
  }
  // Two decimals at most: 1.25 % is a real card fee, 1.255 % is not.
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100 || Math.round(percent * 100) !== percent * 100) {
    problems.push({ field: `methods.${id}.percent`, message: 'The percentage must be from 0 to 100, with at most two decimals.' });
  }
  if (typeof vatRate !== 'number' || !(surchargeVatRates as readonly number[]).includes(vatRate)) {
    problems.push({ field: `methods.${id}.vatRate`, message: `The VAT rate must be one of ${surchargeVatRates.join(', ')}.` });
  }
  if (typeof label !== 'string' || label.trim().length > MAX_SURCHARGE_LABEL) {
    problems.push({ field: `methods.${id}.label`, message: `The label must be text of at most ${MAX_SURCHARGE_LABEL} characters.` });
  }
  const unknown = Object.keys(raw).filter((key) => !['fixed', 'percent', 'vatRate', 'label'].includes(key));
  for (const key of unknown) problems.push({ field: `methods.${id}.${key}`, message: 'Unknown field.' });
  if (problems.length) return { value: NO_SURCHARGE, problems };
  return {
    value: { fixed: fixed as number, percent: percent as number, vatRate: vatRate as PaymentSurcharge['vatRate'], label: (label as string).trim() },
    problems,
  };
}

/**
 * Replaces the surcharges (methods left out: none). Bad input is refused with every failing field named
 * and nothing saved; a change is written to the change log with what changed per method.
 */
export async function savePaymentSurcharges(db: DbOrTx, input: unknown, actor: Actor): Promise<PaymentSurchargesView> {
  const problems: FieldProblem[] = [];
  const methodsInput = (input as { methods?: unknown } | null)?.methods;
  if (typeof methodsInput !== 'object' || methodsInput === null || Array.isArray(methodsInput)) {
    problems.push({ field: 'methods', message: 'Expected an object of payment methods.' });
  } else {
    for (const key of Object.keys(methodsInput)) if (!isSurchargeMethod(key)) problems.push({ field: `methods.${key}`, message: 'Unknown payment method.' });
  }
  const methods = {} as PaymentSurchargesView['methods'];
  for (const id of surchargeMethodIds) {
    const checked = checkSurcharge((methodsInput as Record<string, unknown> | undefined)?.[id], id);
    problems.push(...checked.problems);
    methods[id] = checked.value;
  }
  if (problems.length) {
    throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${problems.map((p) => p.field).join(', ')}`, {
      fields: problems,
      params: problems.map((p) => p.field),
    });
  }
  const before = await readPaymentSurcharges(db);
  const next: PaymentSurchargesView = { methods };
  await db
    .insert(settings)
    .values({ key: PAYMENT_SURCHARGES_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const id of surchargeMethodIds) {
    for (const field of ['fixed', 'percent', 'vatRate', 'label'] as const) {
      if (before.methods[id][field] !== next.methods[id][field])
        changes[`${id}.${field}`] = { before: before.methods[id][field], after: next.methods[id][field] };
    }
  }
  if (Object.keys(changes).length) await recordChange(db, { entityType: PAYMENT_SURCHARGES_ENTITY, entityId: 0, action: 'update', actor, changes });
  return next;
}
