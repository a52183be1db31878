import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { renderNotificationText, SMS_PER_ORDER, SMS_QUIET_HOURS, type NotificationKind, type NotificationLang } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { jobs, orders, smsMessages } from '../../db/schema/index.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-runner.js';
import type { FetchLike } from '../../integrations/multisafepay/multisafepay-client.js';
import { TwilioClient, type TwilioMessageStatus } from '../../integrations/twilio/twilio-client.js';
import { promisedTime } from '../orders/order-promise.js';
import { loadStoreSettings } from '../settings/store-settings.js';
import { localMoment, parseClock } from '../shop-time/shop-time.js';
import { readNotificationSettings, smsReady, smsTexts, twilioAccess } from './notification-settings.js';
import { notificationKey, SMS_CHANNEL, SMS_JOB_KIND, type NotificationJob } from './notify.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where Twilio reports a message's delivery, below the site's address (api/rest/notifications.ts). */
export const TWILIO_STATUS_PATH = '/api/notifications/twilio/status';

export interface SmsSenderDeps {
  db: Db;
  siteUrl: string;
  timeZone: string;
  /** The simulator stands in when the owner has no Twilio account (demo, development, tests). */
  simulator: boolean;
  /** Where the owner's Twilio account is called (config `twilio.apiUrl`). */
  twilioApiUrl: string;
  /** How a Twilio address is reached: the simulator's path in-process, else real HTTP. */
  fetchFor(baseUrl: string): FetchLike | undefined;
}

const QUIET_FROM = parseClock(SMS_QUIET_HOURS.from);
const QUIET_UNTIL = parseClock(SMS_QUIET_HOURS.until);

/** 22:00-08:00 in the shop's time zone: no SMS then, except "ready" (docs/decisions/0083-order-notifications-sms.md). */
export function inQuietHours(at: Date, timeZone: string): boolean {
  const { minutes } = localMoment(at, timeZone);
  return minutes >= QUIET_FROM || minutes < QUIET_UNTIL;
}

/** The message the customer is waiting for: "ready" for takeaway and dine-in, "out for delivery" for delivery. */
const READY_KINDS: readonly NotificationKind[] = ['ready', 'out-for-delivery'];
/** Ends the order's messages: may take the last place of the cap. */
const LAST_WORD: readonly NotificationKind[] = [...READY_KINDS, 'cancelled'];

const ASAP_WORDS: Record<NotificationLang, string> = { nl: 'zo snel mogelijk', fr: 'dès que possible', en: 'as soon as possible' };

type Decision = { skip: string } | { send: { messageId: number; body: string } } | { sent: string };

/**
 * Sends one order's SMS (jobs of kind "sms", one lane per order). First, in one transaction, it decides: the
 * kind still on, not in quiet hours (judged at the moment of the order's change), under the cap of 3 per order
 * with room kept for "ready"; and writes the message row, so a crash after it resends the same text and the cap
 * counts it. Then it calls Twilio. A time-out, 429 or 5xx is retried (5 attempts, 2 s doubling: a late SMS is
 * worth little); a refusal (a bad number, bad credentials) fails the job at once. Both show on /dashboard/jobs.
 */
export function smsJobHandler(deps: SmsSenderDeps): JobHandler<NotificationJob> {
  const maxAttempts = 5;
  return {
    kind: SMS_JOB_KIND,
    maxAttempts,
    backoff: { baseMs: 2_000, maxMs: 60_000 },
    // The kind and the order, never the number or the text.
    describe: (job) => ({ orderId: job.orderId, notification: job.kind }),
    async handle(job) {
      const key = job.idempotencyKey ?? `${SMS_JOB_KIND}:${job.payload.kind}:${job.payload.orderId}:${job.id}`;
      const notice = job.payload;
      const decision = await deps.db.transaction(async (tx): Promise<Decision> => {
        const [existing] = await tx.select().from(smsMessages).where(eq(smsMessages.notificationKey, key));
        if (existing?.providerId) return { sent: existing.providerId };
        if (existing) return { send: { messageId: existing.id, body: existing.body } };
        const [order] = await tx.select().from(orders).where(eq(orders.id, notice.orderId));
        if (!order?.notifyPhone) return { skip: 'no number for texts on this order' };
        const stored = await readNotificationSettings(tx);
        if (!stored.sms.enabled || !stored.sms.kinds[notice.kind]) return { skip: 'switched off' };
        if (!READY_KINDS.includes(notice.kind) && inQuietHours(new Date(notice.at), deps.timeZone)) return { skip: 'quiet hours' };
        const earlier = await tx
          .select({ kind: smsMessages.kind })
          .from(smsMessages)
          .where(and(eq(smsMessages.orderId, order.id), or(isNotNull(smsMessages.providerId), eq(smsMessages.status, 'sending'))));
        if (earlier.length >= SMS_PER_ORDER) return { skip: `already ${SMS_PER_ORDER} messages for this order` };
        if (earlier.length === SMS_PER_ORDER - 1 && !LAST_WORD.includes(notice.kind)) {
          // "ready" is still to come while the order is open, or when its message waits behind this one in the lane.
          const readyKind: NotificationKind = order.fulfilmentType === 'delivery' ? 'out-for-delivery' : 'ready';
          const readyKey = notificationKey(SMS_CHANNEL.name, { kind: readyKind }, order.id);
          const readyWaits =
            ['pending', 'on-hold', 'processing'].includes(order.status) ||
            (
              await tx
                .select({ id: jobs.id })
                .from(jobs)
                .where(and(eq(jobs.idempotencyKey, readyKey), inArray(jobs.status, ['queued', 'running'])))
            ).length > 0;
          if (stored.sms.kinds[readyKind] && !earlier.some((m) => READY_KINDS.includes(m.kind as NotificationKind)) && readyWaits) {
            return { skip: `the last of ${SMS_PER_ORDER} messages is kept for "ready"` };
          }
        }
        const lang = order.lang;
        // A delay states the time as that change made it, even when the kitchen delayed again since.
        const time = promisedTime(notice.kind === 'delayed' && notice.change !== undefined ? { ...order, delayMinutes: notice.change } : order);
        const body = renderNotificationText(smsTexts(stored)[notice.kind][lang], {
          number: order.pickupNumber,
          shop: (await loadStoreSettings(tx)).siteName,
          time: time ? clockOf(time.start, deps.timeZone) : ASAP_WORDS[lang],
          minutes: notice.minutes ?? order.delayMinutes,
          reason: notice.reason ?? '',
        });
        const [row] = await tx
          .insert(smsMessages)
          .values({ orderId: order.id, notificationKey: key, kind: notice.kind, lang, body })
          .returning({ id: smsMessages.id });
        return { send: { messageId: row!.id, body } };
      });
      if ('skip' in decision) return { skipped: decision.skip };
      if ('sent' in decision) return { result: { sid: decision.sent } };

      const { messageId, body } = decision.send;
      const [order] = await deps.db.select({ phone: orders.notifyPhone }).from(orders).where(eq(orders.id, notice.orderId));
      const fail = async (error: string, final: boolean) => {
        await deps.db
          .update(smsMessages)
          .set({ error: error.slice(0, 500), ...(final ? { status: 'failed' } : {}), updatedAt: new Date() })
          .where(eq(smsMessages.id, messageId));
      };
      // The number was erased meanwhile (the order anonymised): nothing to send to.
      if (!order?.phone) {
        await fail('no number', true);
        return { skipped: 'no number for texts on this order' };
      }
      const access = twilioAccess(await readNotificationSettings(deps.db), deps.simulator, deps.twilioApiUrl);
      if (!access || !smsReady(access)) {
        await fail('Twilio is not set up', true);
        throw new PermanentJobError('Twilio is not set up: give the account and a sender on /dashboard/notifications.');
      }
      const fetch = deps.fetchFor(access.baseUrl);
      const client = new TwilioClient(access, fetch ? { fetch } : {});
      const result = await client.sendMessage({
        to: order.phone,
        body,
        ...(access.messagingServiceSid ? { messagingServiceSid: access.messagingServiceSid } : { from: access.from }),
        // Our message's id rides along: a callback can come before the sid below is stored. Twilio refuses a
        // callback address it cannot reach (a site on this machine), so then none is asked for.
        ...(access.source === 'simulator' || !LOCAL_HOSTS.has(new URL(deps.siteUrl).hostname)
          ? { statusCallback: `${deps.siteUrl}${TWILIO_STATUS_PATH}?message=${messageId}` }
          : {}),
      });
      if (!result.ok) {
        const error = `Twilio ${result.status || 'unreachable'}${result.code ? ` (${result.code})` : ''}: ${result.message}`;
        const final = !result.retryable || job.attempts >= maxAttempts;
        await fail(error, final);
        if (!result.retryable) throw new PermanentJobError(error);
        throw new Error(error);
      }
      await deps.db
        .update(smsMessages)
        .set({
          providerId: result.message.sid,
          // A status callback that came first recorded the sid and a later status already; else (sending, or
          // failed before and retried from the dashboard) Twilio's answer is the status.
          status: sql`case when ${smsMessages.providerId} is null then ${result.message.status} else ${smsMessages.status} end`,
          error: null,
          updatedAt: new Date(),
        })
        .where(eq(smsMessages.id, messageId));
      return { result: { sid: result.message.sid } };
    },
  };
}

function clockOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('nl-BE', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/** Twilio's statuses in the order a message goes through them; a callback never moves a message back. */
const RANK: Partial<Record<TwilioMessageStatus | 'sending', number>> = {
  sending: 0,
  accepted: 1,
  scheduled: 1,
  queued: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  canceled: 4,
};

/**
 * Records what Twilio's status callback says of a message (delivered, failed, ...): found by our id in the
 * callback's address (and then given the sid, if the callback came first) or by its sid. False: no such message.
 */
export async function recordSmsStatus(db: Db, callback: { messageId?: number; sid: string; status: string; errorCode?: string }): Promise<boolean> {
  const { messageId, sid, status, errorCode } = callback;
  const rank = RANK[status as TwilioMessageStatus];
  const [row] = await db
    .select({ id: smsMessages.id, status: smsMessages.status, providerId: smsMessages.providerId })
    .from(smsMessages)
    .where(messageId !== undefined ? eq(smsMessages.id, messageId) : eq(smsMessages.providerId, sid));
  if (!row || (row.providerId !== null && row.providerId !== sid)) return false;
  const forward = rank !== undefined && rank > (RANK[row.status as TwilioMessageStatus] ?? 0);
  if (!forward && row.providerId === sid) return true;
  await db
    .update(smsMessages)
    .set({ providerId: sid, ...(forward ? { status } : {}), ...(forward && errorCode ? { error: `Twilio error ${errorCode}` } : {}), updatedAt: sql`now()` })
    .where(eq(smsMessages.id, row.id));
  return true;
}
