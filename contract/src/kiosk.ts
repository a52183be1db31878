/**
 * The self-order kiosk (issue 15): devices registered in the dashboard, paired by a code shown on the kiosk,
 * and the kiosk's own ordering and payment calls. The kiosk page carries no staff login: a paired device holds
 * an httpOnly device cookie, and unpairing revokes it at once.
 */
import type { FulfilmentType } from './orders.js';

export type KioskFulfilment = Exclude<FulfilmentType, 'delivery'>;
/** On the device's card terminal (a MultiSafepay terminal order), or at the counter (an unpaid order). */
export type KioskPaymentMethod = 'terminal' | 'counter';

/** What the owner sets per device (POST /api/dashboard/kiosks, PUT /api/dashboard/kiosks/{id}). */
export interface KioskDeviceInput {
  name: string;
  /** The MultiSafepay terminal id; empty when the device has no terminal. */
  terminalId: string;
  /** The receipt printer (a printer id of /api/admin/printing); null prints on the shop's default ticket route. */
  printerId: number | null;
  /** At least one. */
  fulfilment: KioskFulfilment[];
  /** At least one; 'terminal' needs a terminal id. */
  paymentMethods: KioskPaymentMethod[];
  /** Idle seconds in the order flow before 'Are you still here?' (default 45, 10 to 600). */
  idleSeconds: number;
  /** The warning's countdown in seconds (default 20, 5 to 120). */
  countdownSeconds: number;
  /** Idle seconds on the start screen before the attract loop (/videooverlay) (default 60, 10 to 3600). */
  attractSeconds: number;
  /** How long the confirmation screen stays (default 30, 5 to 300). */
  confirmationSeconds: number;
  /** Counter orders print at once (true) or only when staff confirm them paid (false, the default). */
  printCounterOrdersAtOnce: boolean;
}

/** GET /api/dashboard/kiosks (settings.manage): every device. */
export interface KioskDeviceView extends KioskDeviceInput {
  id: number;
  paired: boolean;
  pairedAt: string | null;
  /** The device's last request (ISO), null when never seen. */
  lastSeenAt: string | null;
}

/** POST /api/dashboard/kiosks/{id}/pair: the code the kiosk shows. POST /api/dashboard/kiosks/{id}/unpair has no body. */
export interface KioskPairRequest {
  code: string;
}

/** One item of the attract loop: the owner's videos and images (media library), played muted in a loop. */
export interface KioskAttractItem {
  mediaId: number;
  kind: 'video' | 'image';
  url: string;
  /** How long an image stays (seconds); a video plays to its end. */
  seconds: number;
}

/** GET|PUT /api/dashboard/kiosk-attract (settings.manage): the loop, shared by every kiosk. PUT sends mediaId and seconds. */
export interface KioskAttractSettings {
  items: KioskAttractItem[];
}

/**
 * GET|PUT /api/dashboard/kiosk-suggestions (settings.manage): the categories whose products every kiosk offers
 * before paying ("a sauce with that? a drink?"), in this order, shop-wide. PUT sends `categoryIds` (at most 6,
 * an empty list turns the step off). Until saved, the demo's sauces and drinks (`isDefault`).
 */
export interface KioskSuggestionSettings {
  categoryIds: number[];
  isDefault: boolean;
}

/** What a paired kiosk page needs of its device. */
export interface KioskDeviceConfig {
  id: number;
  name: string;
  fulfilment: KioskFulfilment[];
  paymentMethods: KioskPaymentMethod[];
  hasTerminal: boolean;
  idleSeconds: number;
  countdownSeconds: number;
  attractSeconds: number;
  confirmationSeconds: number;
  attract: KioskAttractItem[];
  /** Slugs of the categories suggested before paying, in order (KioskSuggestionSettings); empty: the step is skipped. */
  suggestedCategories: string[];
}

/**
 * GET /api/kiosk/session: an unpaired page is given a pairing code to show (and a pending-pairing cookie), a paired
 * one its device. POST /api/kiosk/pairing starts a new code when the shown one expired.
 * GET /api/kiosk/events (server-sent events): `paired`, `unpaired` and `config` (the device or the loop changed);
 * the kiosk reloads its session on each.
 */
export type KioskSession = { state: 'unpaired'; code: string; expiresAt: string } | { state: 'paired'; device: KioskDeviceConfig };

/**
 * POST /api/kiosk/orders with the cart's `woocommerce-session` header: checks the cart out as a kiosk order
 * (channel kiosk, no billing fields, the shop language's mails not sent). The cart is emptied on success.
 */
export interface KioskCheckoutRequest {
  fulfilment: KioskFulfilment;
  paymentMethod: KioskPaymentMethod;
  lang: 'nl' | 'fr' | 'en';
  /** The age the customer confirmed (16 or 18): needed when the basket holds age-restricted products. */
  confirmedAge?: 16 | 18;
  /** "Ik breng mijn eigen pot mee": kept on the lines whose category allows it (takeaway only on the kiosk). */
  ownContainer?: boolean;
}

/**
 * Where a kiosk order's payment stands.
 * terminal_waiting: the terminal asks for the card; paid: done (the ticket prints); declined, cancelled, expired
 * (the terminal's own 60 s time-out): try again, or pay at the counter; counter_waiting: staff confirm it paid.
 */
export type KioskPaymentStatus = 'terminal_waiting' | 'paid' | 'declined' | 'cancelled' | 'expired' | 'counter_waiting';

/**
 * POST /api/kiosk/orders answers this; GET /api/kiosk/orders/{id} reads it (only the device that made the order).
 * POST /api/kiosk/orders/{id}/terminal starts (or retries) the terminal payment, .../cancel cancels it at the
 * terminal, .../counter switches to paying at the counter; each answers the new view.
 */
export interface KioskOrderView {
  orderId: number;
  /** Shown in large type on the confirmation screen. */
  pickupNumber: string;
  /** Cents. */
  total: number;
  fulfilment: KioskFulfilment;
  paymentMethod: KioskPaymentMethod;
  status: KioskPaymentStatus;
}

/** POST /api/kitchen/orders/{id}/counter-payment (orders.status): staff confirm a counter order paid. */
export interface CounterPaymentRequest {
  method: 'cash' | 'card';
}

/**
 * The `paymentMethod` of kiosk orders (KitchenOrder.paymentMethod): waiting for the card terminal, or to be
 * paid at the counter (the kitchen view shows those with "pay at the counter" and the confirm buttons). A
 * counter order confirmed paid becomes `counter_cash` or `counter_card`.
 */
export const KIOSK_TERMINAL_METHOD = 'kiosk_terminal';
export const KIOSK_COUNTER_METHOD = 'kiosk_counter';
export const COUNTER_PAID_METHODS = { cash: 'counter_cash', card: 'counter_card' } as const;
