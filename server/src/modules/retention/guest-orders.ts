import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { couponUsages, orderEvents, orders, settings } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/job-store.js';
import type { JobHandler } from '../../jobs/job-runner.js';
import { moveOrder } from '../orders/lifecycle.js';

/**
 * Replaces the personal data of the given orders: billing and shipping, the customer's note, the link to the
 * account; amounts, lines, VAT, status and dates stay, so the day's figures and the accounts do not change.
 * The live screens' events of these orders (they carry the addresses) go too. Returns how many orders.
 */
export async function anonymiseOrders(db: DbOrTx, orderIds: number[], now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  // In id order, as every batch of order moves takes its locks (modules/kitchen): none waits in a circle.
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    let anonymised = 0;
    for (const id of ids) if (await moveOrder(tx, id, { kind: 'anonymise' }, { now })) anonymised++;
    await tx.delete(orderEvents).where(inArray(orderEvents.orderId, ids));
    // Who used a coupon was their e-mail or phone; the per-order key keeps the count right without naming anyone.
    for (const id of ids)
      await tx
        .update(couponUsages)
        .set({ customer: `anonymised:${id}` })
        .where(eq(couponUsages.orderId, id));
    return anonymised;
  });
}

export const PRIVACY_SETTINGS_KEY = 'privacy';
const privacySettingsSchema = z.object({
  /** Days a guest order keeps its personal data; then it is anonymised (the figures stay). Default 2 years. */
  guestOrderRetentionDays: z.number().int().min(30).max(3650).default(730),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsInput = privacySettingsSchema;

export async function readPrivacySettings(db: DbOrTx): Promise<PrivacySettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, PRIVACY_SETTINGS_KEY));
  const parsed = privacySettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : privacySettingsSchema.parse({});
}

export async function savePrivacySettings(db: DbOrTx, input: PrivacySettings): Promise<PrivacySettings> {
  const value = privacySettingsSchema.parse(input);
  await db.insert(settings).values({ key: PRIVACY_SETTINGS_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return value;
}

const BATCH = 500;

/** Anonymises guest orders older than the retention period, in batches; returns how many. */
export async function anonymiseOldGuestOrders(db: DbOrTx, now: Date): Promise<number> {
  const { guestOrderRetentionDays } = await readPrivacySettings(db);
  const cutoff = new Date(now.getTime() - guestOrderRetentionDays * 24 * 3600_000);
  let total = 0;
  for (;;) {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNull(orders.customerId), isNull(orders.anonymisedAt), lt(orders.createdAt, cutoff)))
      .limit(BATCH);
    if (due.length === 0) return total;
    total += await anonymiseOrders(
      db,
      due.map((d) => d.id),
      now,
    );
  }
}

export const GUEST_ORDER_RETENTION_JOB = 'privacy.guest-orders';

/** Queued once a day by the housekeeping timer (the idempotency key is the day). */
export async function enqueueGuestOrderRetention(db: DbOrTx, now: Date): Promise<number> {
  return enqueueJob(db, {
    kind: GUEST_ORDER_RETENTION_JOB,
    lane: 'privacy:guest-orders',
    payload: {},
    idempotencyKey: `guest-orders:${now.toISOString().slice(0, 10)}`,
  });
}

export function guestOrderRetentionJobHandler(clock: () => Date): JobHandler<Record<string, never>> {
  return {
    kind: GUEST_ORDER_RETENTION_JOB,
    maxAttempts: 3,
    async handle(_job, ctx) {
      return { result: { anonymised: await anonymiseOldGuestOrders(ctx.db, clock()) } };
    },
  };
}
