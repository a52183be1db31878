import { z } from 'zod';
import { ARRIVAL_MINUTES, MAX_PREP_MINUTES } from './kitchen-lanes.js';
import type { FulfilmentType, OrderStatus } from './orders.js';

export * from './kitchen-lanes.js';

export type OrderEventType = 'order.created' | 'order.status-changed' | 'order.marked-test';

/** An order as the kitchen and the dashboard see it: everything needed to prepare and hand it over. */
export interface KitchenOrder {
  id: number;
  pickupNumber: number;
  /** Local day (shop's time zone) the pickup number belongs to, YYYY-MM-DD. */
  pickupDay: string;
  status: OrderStatus;
  isTestOrder: boolean;
  fulfilmentType: FulfilmentType;
  slotStart: string | null;
  slotEnd: string | null;
  /**
   * When the kitchen should start the order (docs/decisions/0068-fire-times.md; contract hasFired). Null only for
   * orders placed before fire times existed: fired.
   */
  fireAt: string | null;
  /** Placed for "as soon as possible" (a kiosk order, no slot chosen): the kitchen shows "nu", not a slot time. */
  asap: boolean;
  /**
   * Minutes the kitchen moved the order back ("Later", docs/decisions/0081-confirmation-when-and-where.md): the
   * customer was told slot start plus these. Absent: never moved.
   */
  delayMinutes?: number;
  /**
   * The customer's "Ik kom eraan" and "Ik ben er" (docs/decisions/0082-ik-kom-eraan.md): `awaiting` when the order
   * waits for them before frying, `arriveAt` when they said they will be there, `arrivedAt` and `spot` (plain text,
   * never HTML) once they are at the door. Absent: none of these.
   */
  arrival?: KitchenArrival;
  createdAt: string;
  updatedAt: string;
  customer: { firstName: string; lastName: string; phone: string; email: string };
  /** Delivery address lines, empty for takeaway and dine-in. */
  address: string[];
  /** 'CASH' for cash on delivery, otherwise 'BETAALD' (docs/product.md, "Tickets"). */
  payment: 'CASH' | 'BETAALD';
  paymentMethod: string;
  total: number;
  notes: string[];
  /** `productId`: the product the line is of, which decides its kitchen station (contract/src/stations.ts). */
  /** `ownContainer`: the customer brings their own container for this line (present only when true). */
  lines: { name: string; quantity: number; addons: { name: string; value: string }[]; productId?: number; ageLimit?: 16 | 18 | null; ownContainer?: boolean }[];
  /** The stations that bumped their part of this order (docs/decisions/0069-kitchen-stations.md). */
  stationBumps?: number[];
  /** 16 or 18 when a line is age-restricted (the strictest): staff check ID at handover; null: none. */
  ageLimit: 16 | 18 | null;
}

export interface KitchenArrival {
  awaiting?: true;
  arriveAt?: string;
  arrivedAt?: string;
  spot?: string;
}

/** /api/events/kitchen: the `snapshot` event's data. */
export interface KitchenSnapshot {
  orders: KitchenOrder[];
}

/** /api/events/kitchen: one `order` event's data, sent for every change of an order. */
export interface KitchenOrderEvent {
  type: OrderEventType;
  action: string | null;
  previousStatus: OrderStatus | null;
  order: KitchenOrder;
}

/** The answer of the kitchen actions (POST /api/kitchen/orders/...): the ids of the orders changed. */
export interface KitchenActionResult {
  orders: number[];
}

const minutes = z
  .number()
  .int()
  .min(1)
  .max(24 * 60);

const prepMinutes = z.number().int().min(0).max(MAX_PREP_MINUTES);

/** Minutes by id (a category's or a product's): keys are positive whole numbers. */
const prepById = z.record(z.string().regex(/^[1-9]\d{0,9}$/), prepMinutes);

/**
 * PUT /api/kitchen/settings: when an order card's age timer turns amber and red (minutes since the order fired),
 * and the preparation times that set fire times (docs/decisions/0068-fire-times.md,
 * docs/decisions/0073-preparation-time-per-product.md): `prepMinutes` for any product, `categoryPrepMinutes` by
 * category id for products in that category (the longest of a product's categories counts),
 * `productPrepMinutes` by product id (a product's own minutes beat its categories'). Left out: as stored before
 * (prep) or the default.
 */
export const kitchenAgeSettingsInput = z
  .object({
    ageAmberMinutes: minutes,
    ageRedMinutes: minutes,
    prepMinutes: prepMinutes.optional(),
    categoryPrepMinutes: prepById.optional(),
    productPrepMinutes: prepById.optional(),
  })
  .strict();
export type KitchenAgeSettingsInput = z.infer<typeof kitchenAgeSettingsInput>;
export interface KitchenAgeSettings {
  ageAmberMinutes: number;
  ageRedMinutes: number;
  prepMinutes: number;
  categoryPrepMinutes: Record<string, number>;
  productPrepMinutes: Record<string, number>;
  /** Categories whose orders wait for "Ik kom eraan" before frying (docs/decisions/0082-ik-kom-eraan.md). */
  arrivalCategoryIds: number[];
  /** The arrival in minutes the customer's order page offers first (5, 10, 15 or 20). */
  arrivalDefaultMinutes: number;
}

/** Categories whose products wait for the customer's "Ik kom eraan" before frying (fries). */
const arrivalCategoryIds = z.array(z.number().int().min(1).max(2_147_483_647)).max(1000);
/** The arrival the order page offers first. */
const arrivalDefaultMinutes = z
  .number()
  .int()
  .refine((m) => (ARRIVAL_MINUTES as readonly number[]).includes(m), { message: `must be one of ${ARRIVAL_MINUTES.join(', ')}` });

/**
 * PUT /api/kitchen/prep-times (settings.manage; the screen /dashboard/prep-times): every preparation time at
 * once, replacing what is stored: the default, and minutes per category and per product id (an id left out has
 * none of its own). Ids must be existing categories and products (`PREP_TIMES_INVALID` names the field).
 */
export const prepTimesInput = z
  .object({
    prepMinutes,
    categoryPrepMinutes: prepById.default({}),
    productPrepMinutes: prepById.default({}),
    // "Ik kom eraan" (docs/decisions/0082-ik-kom-eraan.md); left out: as stored.
    arrivalCategoryIds: arrivalCategoryIds.optional(),
    arrivalDefaultMinutes: arrivalDefaultMinutes.optional(),
  })
  .strict();
export type PrepTimesInput = z.input<typeof prepTimesInput>;
export type PrepTimes = z.output<typeof prepTimesInput>;

/** GET /api/kitchen/settings: what the kitchen screen needs besides the orders. */
export interface KitchenViewSettings extends KitchenAgeSettings {
  /** How long a ready order stays under "ready" (the status screen's time) before it is archived. */
  readyVisibleSeconds: number;
  timeZone: string;
}

/**
 * POST /api/kitchen/orders/:id/delay: the order is `minutes` later than promised; its customer gets an update mail
 * (docs/decisions/0081-confirmation-when-and-where.md). The kitchen screen's "+10 min" sends 10.
 */
export const orderDelayInput = z.object({ minutes: z.number().int().min(1).max(120) }).strict();
export type OrderDelayInput = z.infer<typeof orderDelayInput>;
