import type { FastifyInstance } from 'fastify';
import { TWILIO_SIMULATOR_ACCOUNT_SID, TWILIO_SIMULATOR_AUTH_TOKEN } from '../../config.js';
import { injectFetch } from '../../integrations/multisafepay/multisafepay-simulator.js';
import { TwilioSimulator } from '../../integrations/twilio/twilio-simulator.js';
import { WEBPUSH_SIMULATOR_ROOT, WebPushSimulator } from '../../integrations/webpush/webpush-simulator.js';
import { smsJobHandler } from '../../modules/notifications/sms-sender.js';
import { pushEndJobHandler, pushJobHandler, type PushFetch } from '../../modules/notifications/web-push.js';
import { registerNotificationRoutes } from '../rest/notifications.js';
import type { AreaContext } from './context.js';

/** What the app exposes of notifications: tests and the demo drive the simulator. */
export interface AppNotifications {
  twilioSimulator: TwilioSimulator | undefined;
  webPushSimulator: WebPushSimulator | undefined;
}

/**
 * Customer notifications (docs/decisions/0083-order-notifications-sms.md): the SMS job, the dashboard's
 * settings, Twilio's status callback and, in demo mode and tests, the Twilio simulator in-process; the web push
 * jobs and the push service simulator (docs/decisions/0086-order-web-push.md).
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
      twilioApiUrl: config.twilio.apiUrl,
      fetchFor: (baseUrl) => (baseUrl.startsWith('/') ? inProcess : context.options.providerFetch),
    }),
  );
  const webPushSimulator = config.webPush.simulator ? new WebPushSimulator({ siteUrl: config.siteUrl, clock }) : undefined;
  webPushSimulator?.register(server);
  const simulatedEndpoints = `${config.siteUrl.replace(/\/$/, '')}${WEBPUSH_SIMULATOR_ROOT}/`;
  const realFetch: PushFetch = async (url, init) => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    return { status: response.status };
  };
  const simulatorFetch: PushFetch = async (url, init) => {
    const target = new URL(url);
    const response = await server.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      ...(init.body ? { payload: init.body } : {}),
    });
    return { status: response.statusCode };
  };
  context.handlers.register(
    pushJobHandler({
      db,
      siteUrl: config.siteUrl,
      timeZone: config.timeZone,
      fetchFor: (endpoint) => (webPushSimulator && endpoint.startsWith(simulatedEndpoints) ? simulatorFetch : realFetch),
    }),
  );
  context.handlers.register(pushEndJobHandler(db));
  return { twilioSimulator, webPushSimulator };
}
