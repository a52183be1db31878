import type { FastifyInstance } from 'fastify';
import type { NotificationSettingsView } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { verifyTwilioSignature } from '../../integrations/twilio/twilio-client.js';
import type { Logger } from '../../logger.js';
import {
  notificationSettingsView,
  readNotificationSettings,
  twilioAccess,
  updateNotificationSettings,
} from '../../modules/notifications/notification-settings.js';
import { recordSmsStatus, TWILIO_STATUS_PATH } from '../../modules/notifications/sms-sender.js';
import { requireStaff } from '../http/viewer.js';

export interface NotificationRoutesDeps {
  db: Db;
  siteUrl: string;
  simulator: boolean;
  log: Logger;
}

/**
 * The notification settings (`settings.manage`; the auth token is write-only) and Twilio's status callback
 * (docs/decisions/0083-order-notifications-sms.md).
 */
export function registerNotificationRoutes(server: FastifyInstance, deps: NotificationRoutesDeps): void {
  const { db, log } = deps;
  const manage = { preValidation: requireStaff('settings.manage') };
  server.get('/api/settings/notifications', manage, async (): Promise<NotificationSettingsView> =>
    notificationSettingsView(await readNotificationSettings(db), deps.simulator),
  );
  server.put('/api/settings/notifications', manage, async (request): Promise<NotificationSettingsView> => {
    const viewer = await request.viewer();
    const actor = viewer.kind === 'staff' ? { type: 'staff' as const, id: viewer.id } : { type: 'system' as const, id: null };
    const stored = await db.transaction((tx) => updateNotificationSettings(tx, request.body, deps.simulator, actor));
    // What changed in kind, never the token or a text.
    log.info({ actor: actor.id, sms: stored.sms.enabled }, 'notification settings changed');
    return notificationSettingsView(stored, deps.simulator);
  });

  server.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    // Twilio signs the URL it was given (the site's address and this path) with the account's auth token.
    scope.post(TWILIO_STATUS_PATH, async (request, reply) => {
      const params = (request.body ?? {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      const access = twilioAccess(await readNotificationSettings(db), deps.simulator);
      const url = `${deps.siteUrl}${request.url}`;
      if (!access || !verifyTwilioSignature(access.authToken, typeof signature === 'string' ? signature : undefined, url, params)) {
        log.warn({ security: 'twilio-signature' }, 'Twilio status callback with a wrong signature refused');
        throw new DomainError('TWILIO_SIGNATURE_INVALID', 'The X-Twilio-Signature does not match this request.');
      }
      const sid = params.MessageSid ?? params.SmsSid;
      const status = params.MessageStatus ?? params.SmsStatus;
      const message = Number((request.query as { message?: string }).message);
      if (sid && status) {
        await recordSmsStatus(db, {
          sid,
          status,
          ...(Number.isSafeInteger(message) && message > 0 ? { messageId: message } : {}),
          ...(params.ErrorCode ? { errorCode: params.ErrorCode } : {}),
        });
      }
      // Twilio only needs a 2xx; an unknown message (sent by another shop on the account) is no error of theirs.
      return reply.code(204).send();
    });
  });
}
