import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { DEFAULT_PUSH_TEXTS, renderNotificationText, type NotificationLang, type OrderPushPayload } from '@bakje/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { orders, pushSubscriptions, settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-runner.js';
import type { OrderHolder } from '../arrival/arrival.js';
import { promisedTime } from '../orders/order-promise.js';
import { readOrderFor, type OrderKeyDetails } from '../orders/order-read.js';
import { loadStoreSettings } from '../settings/store-settings.js';
import { readNotificationSettings } from './notification-settings.js';
import { notificationKey, PUSH_CHANNEL, PUSH_END_JOB_KIND, PUSH_JOB_KIND, type NotificationJob } from './notify.js';

/**
 * Web push to the browsers that asked on the order page (docs/decisions/0086-order-web-push.md): the shop's VAPID
 * keys, the order's subscriptions, and the `push` job that encrypts (the `web-push` library: RFC 8291, VAPID per
 * RFC 8292) and posts one message per subscription (RFC 8030). Endpoints and keys are never logged: an endpoint
 * with its keys lets anyone push to that browser.
 */

export const VAPID_SETTINGS_KEY = 'web_push_vapid';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The shop's VAPID key pair, made the first time it is asked for (buildApp asks at start) and kept in a settings
 * row: browsers bind a subscription to the public key, so it must outlive restarts; two processes starting at
 * once keep whichever was written first.
 */
export async function vapidKeys(db: DbOrTx): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, VAPID_SETTINGS_KEY));
    const value = row?.value as Partial<VapidKeys> | undefined;
    return value?.publicKey && value.privateKey ? { publicKey: value.publicKey, privateKey: value.privateKey } : undefined;
  };
  const stored = await read();
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(settings)
    .values({ key: VAPID_SETTINGS_KEY, value: { publicKey: made.publicKey, privateKey: made.privateKey } })
    .onConflictDoNothing();
  return (await read())!;
}

/** A browser's subscription as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const FINISHED = new Set(['completed', 'cancelled', 'refunded', 'failed']);
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function checkSubscription(input: PushSubscriptionInput): PushSubscriptionInput {
  const endpoint = input.endpoint.trim();
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  const p256dh = Buffer.from(input.p256dh.trim(), 'base64url');
  const auth = Buffer.from(input.auth.trim(), 'base64url');
  const problems: string[] = [];
  if (!url || !['https:', 'http:'].includes(url.protocol) || endpoint.length > 2000) problems.push('endpoint');
  if (!BASE64URL.test(input.p256dh.trim()) || p256dh.length !== 65 || p256dh[0] !== 4) problems.push('p256dh');
  if (!BASE64URL.test(input.auth.trim()) || auth.length !== 16) problems.push('auth');
  if (problems.length) throw new DomainError('INVALID_INPUT', 'This is not a push subscription.', { params: problems });
  return { endpoint, p256dh: input.p256dh.trim(), auth: input.auth.trim() };
}

export class OrderPushSubscriptions {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
    /** How long the key alone shows personal details (the order page's rule, order-read.ts). */
    private readonly keyDetailsHours = 24,
  ) {}

  /**
   * Keeps a browser's subscription for the order, with the access of the order page (as "Ik kom eraan":
   * modules/arrival/arrival.ts); anyone else hears the order does not exist. A finished order takes none (it
   * will not be pushed about again). The same subscription again changes nothing.
   */
  async subscribe(orderId: number, holder: OrderHolder, input: PushSubscriptionInput): Promise<void> {
    const subscription = checkSubscription(input);
    const viewer = { sessionKey: holder.sessionKey, customerId: holder.customerId ?? null, orderKey: holder.orderKey ?? null };
    const details: OrderKeyDetails = { now: this.clock(), hours: this.keyDetailsHours };
    await this.db.transaction(async (tx) => {
      const order = await readOrderFor(tx, orderId, viewer, details);
      if (!order) throw new DomainError('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`);
      // Locked so the lifecycle's end of the order (which queues the subscriptions' deletion) comes before or after.
      const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
      if (!row || FINISHED.has(row.status)) throw new DomainError('ORDER_ACTION_REFUSED', `Order ${orderId} is finished: nothing more to push.`);
      await tx
        .insert(pushSubscriptions)
        .values({ orderId, ...subscription })
        .onConflictDoUpdate({ target: [pushSubscriptions.orderId, pushSubscriptions.endpoint], set: { p256dh: subscription.p256dh, auth: subscription.auth } });
    });
  }
}

/** How a push service is reached: the simulator in-process, else real HTTP. */
export type PushFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: Buffer }) => Promise<{ status: number }>;

export interface PushSenderDeps {
  db: Db;
  siteUrl: string;
  timeZone: string;
  fetchFor(endpoint: string): PushFetch;
}

const ASAP_WORDS: Record<NotificationLang, string> = { nl: 'zo snel mogelijk', fr: 'dès que possible', en: 'as soon as possible' };

/** How long a push service keeps a message for a browser that is offline: an order's news is stale after an hour. */
const PUSH_TTL_SECONDS = 3600;

/**
 * Pushes one order's notice to each of its subscriptions (jobs of kind "push", one lane per order, after the
 * order's change committed). A 404 or 410 deletes that subscription (the browser dropped it); a time-out, 429
 * or 5xx retries the job (3 attempts: a late "ready" is worth little), which may push again to a browser that
 * had it: the notification's tag makes the second replace the first. Other refusals fail the job at once.
 */
export function pushJobHandler(deps: PushSenderDeps): JobHandler<NotificationJob> {
  return {
    kind: PUSH_JOB_KIND,
    maxAttempts: 3,
    backoff: { baseMs: 2_000, maxMs: 30_000 },
    describe: (job) => ({ orderId: job.orderId, notification: job.kind }),
    async handle(job) {
      const notice = job.payload;
      const [order] = await deps.db.select().from(orders).where(eq(orders.id, notice.orderId));
      if (!order) return { skipped: 'the order is gone' };
      const stored = await readNotificationSettings(deps.db);
      if (!PUSH_CHANNEL.enabled(stored, notice.kind)) return { skipped: 'switched off' };
      const subscriptions = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.orderId, order.id));
      if (subscriptions.length === 0) return { skipped: 'no subscription' };
      const lang = order.lang as NotificationLang;
      const time = promisedTime(notice.kind === 'delayed' && notice.change !== undefined ? { ...order, delayMinutes: notice.change } : order);
      const values = {
        number: order.pickupNumber,
        shop: (await loadStoreSettings(deps.db)).siteName,
        time: time ? clockOf(time.start, deps.timeZone) : ASAP_WORDS[lang],
        minutes: notice.minutes ?? order.delayMinutes,
        reason: notice.reason ?? '',
      };
      const text = DEFAULT_PUSH_TEXTS[notice.kind][lang] ?? DEFAULT_PUSH_TEXTS[notice.kind].nl;
      const payload: OrderPushPayload = {
        title: renderNotificationText(text.title, values),
        body: renderNotificationText(text.body, values),
        url: `/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`,
        tag: `order-${order.id}`,
        kind: notice.kind,
      };
      const vapid = await vapidKeys(deps.db);
      const subject = vapidSubject(deps.siteUrl);
      let sent = 0;
      let removed = 0;
      const failures: string[] = [];
      let retry = false;
      for (const subscription of subscriptions) {
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: notice.kind === 'ready' || notice.kind === 'out-for-delivery' ? 'high' : 'normal',
          },
        );
        let status = 0;
        try {
          const response = await deps.fetchFor(subscription.endpoint)(subscription.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            ...(request.body ? { body: request.body } : {}),
          });
          status = response.status;
        } catch {
          status = 0;
        }
        if (status >= 200 && status < 300) sent += 1;
        else if (status === 404 || status === 410) {
          await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.orderId, order.id)));
          removed += 1;
        } else {
          // The push service's answer, never the endpoint.
          failures.push(status ? `push service answered ${status}` : 'push service unreachable');
          if (status === 0 || status === 429 || status >= 500) retry = true;
        }
      }
      if (failures.length) {
        const message = `${failures.length} of ${subscriptions.length} pushes failed: ${[...new Set(failures)].join(', ')}`;
        if (retry) throw new Error(message);
        throw new PermanentJobError(message);
      }
      return { result: { sent, removed, key: job.idempotencyKey ?? notificationKey(PUSH_CHANNEL.name, notice, order.id) } };
    },
  };
}

/**
 * Deletes a finished order's subscriptions (job "push-end", queued by the lifecycle when the order ends, in the
 * order's push lane so it runs after the order's last push).
 */
export function pushEndJobHandler(db: Db): JobHandler<{ orderId: number }> {
  return {
    kind: PUSH_END_JOB_KIND,
    maxAttempts: 5,
    describe: (payload) => ({ orderId: payload.orderId }),
    async handle(job) {
      const deleted = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.orderId, job.payload.orderId)).returning({ id: pushSubscriptions.id });
      return { result: { deleted: deleted.length } };
    },
  };
}

/** RFC 8292's contact: the site's address; push services refuse a localhost one, so a local site names no host. */
function vapidSubject(siteUrl: string): string {
  const url = new URL(siteUrl);
  return url.protocol === 'https:' && url.hostname !== 'localhost' ? url.origin : 'mailto:webpush@bakje.invalid';
}

function clockOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('nl-BE', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}
