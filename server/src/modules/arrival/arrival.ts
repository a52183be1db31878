import { ARRIVAL_MINUTES, ARRIVAL_SPOT_MAX, isArrivalMinutes } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { moveOrder, type OrderMove } from '../orders/lifecycle.js';
import { readOrderFor, type OrderKeyDetails, type OrderWithLines } from '../orders/order-read.js';

/**
 * "Ik kom eraan" and "Ik ben er" (docs/decisions/0082-ik-kom-eraan.md): the customer of a takeaway order says when
 * they will be at the counter, which moves the order's fire time so it is ready then, and that they are at the door.
 * Only the order's holder may say it, with the access of the order page (its session, its account or its key);
 * anyone else hears that the order does not exist. Each change is one lifecycle move (modules/orders/lifecycle.ts)
 * and so one order event the kitchen screens follow; saying the same thing again changes nothing.
 */

/** Who asks: the order page's session, the logged-in customer, the key from the order's link. */
export interface OrderHolder {
  sessionKey?: string;
  customerId?: number | null;
  orderKey?: string | null;
}

/** Control characters and line breaks become spaces: the spot is one line of text on a kitchen card. */
// oxlint-disable-next-line no-control-regex -- exactly the characters removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** The spot as kept: one line, trimmed; refused (INVALID_INPUT naming `spot`) when longer than ARRIVAL_SPOT_MAX. */
export function cleanSpot(spot: string | null | undefined): string {
  const clean = (spot ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if ([...clean].length > ARRIVAL_SPOT_MAX) {
    throw new DomainError('INVALID_INPUT', `The spot can be at most ${ARRIVAL_SPOT_MAX} characters.`, { params: ['spot'], max: ARRIVAL_SPOT_MAX });
  }
  return clean;
}

export class CustomerArrival {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
    /** How long the key alone shows personal details (the order page's rule, order-read.ts). */
    private readonly keyDetailsHours = 24,
  ) {}

  /** "Ik kom eraan": at the counter in `minutes` (5, 10, 15 or 20). Returns the order as the holder reads it. */
  async coming(orderId: number, holder: OrderHolder, minutes: number): Promise<OrderWithLines> {
    if (!isArrivalMinutes(minutes)) {
      throw new DomainError('INVALID_INPUT', `Choose ${ARRIVAL_MINUTES.join(', ')} minutes.`, { params: ['minutes'], allowed: [...ARRIVAL_MINUTES] });
    }
    return this.move(orderId, holder, { kind: 'arrival', minutes });
  }

  /** "Ik ben er": at the door, waiting at `spot` (curbside; optional, plain text). */
  async here(orderId: number, holder: OrderHolder, spot?: string | null): Promise<OrderWithLines> {
    return this.move(orderId, holder, { kind: 'arrived', spot: cleanSpot(spot) });
  }

  private async move(orderId: number, holder: OrderHolder, move: OrderMove): Promise<OrderWithLines> {
    const viewer = { sessionKey: holder.sessionKey, customerId: holder.customerId ?? null, orderKey: holder.orderKey ?? null };
    const now = this.clock();
    const details: OrderKeyDetails = { now, hours: this.keyDetailsHours };
    await this.db.transaction(async (tx) => {
      if (!(await readOrderFor(tx, orderId, viewer, details))) throw notFound(orderId);
      await moveOrder(tx, orderId, move, { now });
    });
    const after = await readOrderFor(this.db, orderId, viewer, details);
    if (!after) throw notFound(orderId);
    return after;
  }
}

function notFound(orderId: number): DomainError {
  return new DomainError('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`);
}
