import type { FastifyInstance } from 'fastify';
import { TWILIO_SIMULATOR_ACCOUNT_SID, TWILIO_SIMULATOR_AUTH_TOKEN } from '../../config.js';
import { injectFetch } from '../../integrations/multisafepay/multisafepay-simulator.js';
import { TwilioSimulator } from '../../integrations/twilio/twilio-simulator.js';
import { smsJobHandler } from '../../modules/notifications/sms-sender.js';
import { registerNotificationRoutes } from '../rest/notifications.js';
import type { AreaContext } from './context.js';

/** What the app exposes of notifications: tests and the demo drive the simulator. */
export interface AppNotifications {
  twilioSimulator: TwilioSimulator | undefined;
}

/**
 * Customer notifications (docs/decisions/0083-order-notifications-sms.md): the SMS job, the dashboard's
 * settings, Twilio's status callback and, in demo mode and tests, the Twilio simulator in-process.
 */
export function registerNotificationsArea(server: FastifyInstance, context: AreaContext): AppNotifications {
  const { config, db, log, clock } = context;
  const simulator = config.twilio.simulator;
  const inProcess = injectFetch(server);
  const twilioSimulator = simulator
    ? new TwilioSimulator({
        accountSid: TWILIO_SIMULATOR_ACCOUNT_SID,
        authToken: TWILIO_SIMULATOR_AUTH_TOKEN,
        // Callbacks to this site go in-process; the simulator cannot reach anywhere else.
        deliver: inProcess,
        log: log.child({ module: 'twilio-simulator' }),
        clock,
      })
    : undefined;
  twilioSimulator?.register(server);
  registerNotificationRoutes(server, { db, siteUrl: config.siteUrl, simulator, log: log.child({ module: 'notifications' }) });
  context.handlers.register(
    smsJobHandler({
      db,
      siteUrl: config.siteUrl,
      timeZone: config.timeZone,
      simulator,
      fetchFor: (baseUrl) => (baseUrl.startsWith('/') ? inProcess : context.options.providerFetch),
    }),
  );
  return { twilioSimulator };
}
