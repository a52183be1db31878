import type { ProviderKeySource, SecretKeyView } from './payments.js';

// Customer notifications about an order (docs/decisions/0083-order-notifications-sms.md): the kinds, the
// texts per language with their placeholders, and the dashboard's settings shapes (`/api/settings/notifications`).

/** What a customer can be told about their order. */
export const NOTIFICATION_KINDS = ['accepted', 'ready', 'out-for-delivery', 'delayed', 'cancelled'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LANGS = ['nl', 'fr', 'en'] as const;
export type NotificationLang = (typeof NOTIFICATION_LANGS)[number];

export type NotificationTexts = Record<NotificationKind, Record<NotificationLang, string>>;

/** Placeholders a text may use: the pickup number, the promised time, the shop's name, the delay, the cancel reason. */
export const NOTIFICATION_PLACEHOLDERS = ['number', 'time', 'shop', 'minutes', 'reason'] as const;
export type NotificationValues = Partial<Record<(typeof NOTIFICATION_PLACEHOLDERS)[number], string | number>>;

/** The most SMS one order gets, whatever the owner enabled. */
export const SMS_PER_ORDER = 3;
/** No SMS between these local times, except "ready" (the customer is waiting for that one). */
export const SMS_QUIET_HOURS = { from: '22:00', until: '08:00' } as const;
/** A text longer than this is refused: SMS are paid per 160-character part. */
export const SMS_TEXT_MAX = 320;

// Short, and without characters outside the GSM alphabet (ê, °, À) that would make every part 70 characters.
export const DEFAULT_SMS_TEXTS: NotificationTexts = {
  accepted: {
    nl: '{shop}: je bestelling #{number} is bevestigd. Klaar rond {time}.',
    fr: '{shop} : votre commande #{number} est confirmée. Prévue vers {time}.',
    en: '{shop}: your order #{number} is confirmed. Ready around {time}.',
  },
  ready: {
    nl: '{shop}: je bestelling #{number} is klaar. Tot zo!',
    fr: '{shop} : votre commande #{number} vous attend. A tout de suite !',
    en: '{shop}: your order #{number} is ready. See you soon!',
  },
  'out-for-delivery': {
    nl: '{shop}: je bestelling #{number} is onderweg.',
    fr: '{shop} : votre commande #{number} est en route.',
    en: '{shop}: your order #{number} is on its way.',
  },
  delayed: {
    nl: '{shop}: je bestelling #{number} is {minutes} min later klaar, rond {time}. Sorry!',
    fr: '{shop} : votre commande #{number} aura {minutes} min de retard, vers {time}. Désolés !',
    en: '{shop}: your order #{number} will be {minutes} min later, around {time}. Sorry!',
  },
  cancelled: {
    nl: '{shop}: je bestelling #{number} is geannuleerd. {reason}',
    fr: '{shop} : votre commande #{number} est annulée. {reason}',
    en: '{shop}: your order #{number} was cancelled. {reason}',
  },
};

/** Fills a text's placeholders; an unknown one stays as written, an empty one leaves no double space. */
export function renderNotificationText(template: string, values: NotificationValues): string {
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = (values as Record<string, string | number | undefined>)[name];
      return value === undefined ? whole : String(value);
    })
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** One channel's switches: on or off, which kinds, and the texts per kind and language. */
export interface NotificationChannelView {
  enabled: boolean;
  kinds: Record<NotificationKind, boolean>;
  texts: NotificationTexts;
}

export interface NotificationSettingsView {
  sms: NotificationChannelView & {
    twilio: {
      accountSid: string;
      /** Write-only: whether it is set and its last 4 characters. */
      authToken: SecretKeyView;
      from: string;
      messagingServiceSid: string;
      source: ProviderKeySource;
      /** Messages can go out: credentials known and a sender (number or messaging service). */
      ready: boolean;
    };
  };
  /** Web push (docs/decisions/0086-order-web-push.md): to browsers that asked on the order page; free, no cap. */
  push: PushSettingsView;
}

export interface PushSettingsView {
  enabled: boolean;
  kinds: Record<NotificationKind, boolean>;
}

export interface NotificationSettingsInput {
  sms: NotificationChannelView & {
    twilio: {
      accountSid: string;
      /** A new token, null to remove it, absent to keep it. */
      authToken?: string | null;
      from: string;
      messagingServiceSid: string;
    };
  };
  /** Absent: unchanged. */
  push?: PushSettingsView;
}

/** A push notification's title and body (the payload the service worker shows). */
export type PushTexts = Record<NotificationKind, Record<NotificationLang, { title: string; body: string }>>;

/** Web push texts: a title the lock screen shows first, and a body with the details (same placeholders as SMS). */
export const DEFAULT_PUSH_TEXTS: PushTexts = {
  accepted: {
    nl: { title: 'Bestelling #{number} bevestigd', body: '{shop} heeft je bestelling. Klaar rond {time}.' },
    fr: { title: 'Commande #{number} confirmée', body: '{shop} a bien reçu votre commande. Prête vers {time}.' },
    en: { title: 'Order #{number} confirmed', body: '{shop} has your order. Ready around {time}.' },
  },
  ready: {
    nl: { title: 'Bestelling #{number} is klaar', body: 'Je bestelling ligt klaar bij {shop}. Tot zo!' },
    fr: { title: 'Commande #{number} prête', body: 'Votre commande vous attend chez {shop}. À tout de suite !' },
    en: { title: 'Order #{number} is ready', body: 'Your order is ready at {shop}. See you soon!' },
  },
  'out-for-delivery': {
    nl: { title: 'Bestelling #{number} is onderweg', body: '{shop} brengt je bestelling nu naar je toe.' },
    fr: { title: 'Commande #{number} en route', body: '{shop} vous apporte votre commande.' },
    en: { title: 'Order #{number} is on its way', body: '{shop} is bringing your order now.' },
  },
  delayed: {
    nl: { title: 'Bestelling #{number}: {minutes} min later', body: 'Sorry! Je bestelling bij {shop} is klaar rond {time}.' },
    fr: { title: 'Commande #{number} : {minutes} min de retard', body: 'Désolés ! Votre commande chez {shop} sera prête vers {time}.' },
    en: { title: 'Order #{number}: {minutes} min later', body: 'Sorry! Your order at {shop} will be ready around {time}.' },
  },
  cancelled: {
    nl: { title: 'Bestelling #{number} geannuleerd', body: '{shop} heeft je bestelling geannuleerd. {reason}' },
    fr: { title: 'Commande #{number} annulée', body: '{shop} a annulé votre commande. {reason}' },
    en: { title: 'Order #{number} cancelled', body: '{shop} cancelled your order. {reason}' },
  },
};

/** What the shop pushes to the browser; the service worker (web/public/sw.js) shows it. */
export interface OrderPushPayload {
  title: string;
  body: string;
  /** The order page to open on a click (path and query, this site). */
  url: string;
  /** One notification per order on the device: a newer replaces the older. */
  tag: string;
  kind: NotificationKind;
}
