import { desc, eq } from 'drizzle-orm';
import {
  COUNTER_PAID_METHODS,
  KIOSK_COUNTER_METHOD,
  KIOSK_TERMINAL_METHOD,
  type CounterPaymentRequest,
  type KioskCheckoutRequest,
  type KioskFulfilment,
  type KioskOrderView,
  type KioskPaymentStatus,
} from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { orders, payments } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Logger } from '../../logger.js';
import { parseLang } from '../i18n/locale.js';
import { moveOrder } from '../orders/lifecycle.js';
import { ORDER_NOT_FOUND, type OrderRow } from '../orders/order-read.js';
import type { PlaceOrder } from '../orders/place-order.js';
import { lookUpOpenPayments } from '../payments/payment-customer.js';
import type { PaymentsService } from '../payments/payments-service.js';
import { RECEIPT_PRINTER_META } from '../printing/print-handler.js';
import type { KioskDeviceRow } from './kiosk-devices.js';
import { failPendingPayments } from '../payments/pending-payments.js';

/** The order's meta entry naming the kiosk that made it: only that kiosk may read or pay it. */
export const KIOSK_DEVICE_META = 'kiosk_device';
/** A terminal order cancelled this long after it began was the terminal's own time-out (docs/interfaces.md §3: 60 s). */
const TERMINAL_IDLE_MS = 60_000;
const COUNTER_TITLES = { cash: 'Cash at the counter', card: 'Card at the counter' } as const;

export interface KioskOrdersDeps {
  db: Db;
  placeOrder: PlaceOrder;
  /** MultiSafepay (terminal payments); undefined: the kiosk offers only the counter. */
  payments: PaymentsService | undefined;
  clock: () => Date;
  log: Logger;
}

/**
 * Kiosk orders (issue 15, docs/decisions/0041-kiosk-devices.md): the cart placed through the one place-order
 * workflow as channel kiosk (docs/decisions/0061-place-order-workflow.md), paid on the device's card terminal
 * (the payments state machine) or at the counter (confirmed by staff in the kitchen view).
 */
export class KioskOrders {
  constructor(private readonly deps: KioskOrdersDeps) {}

  async checkout(device: KioskDeviceRow, sessionKey: string, input: KioskCheckoutRequest): Promise<KioskOrderView> {
    if (!device.fulfilment.includes(input.fulfilment)) throw optionUnavailable('fulfilment');
    if (!device.paymentMethods.includes(input.paymentMethod)) throw optionUnavailable('paymentMethod');
    const terminal = input.paymentMethod === 'terminal';
    if (terminal && (!device.terminalId || !this.deps.payments)) throw optionUnavailable('paymentMethod');
    const lang = parseLang(input.lang) ?? 'nl';
    const placed = await this.deps.placeOrder.place({
      channel: 'kiosk',
      lines: { cart: sessionKey },
      fulfilment: input.fulfilment,
      customer: { language: lang, confirmedAge: input.confirmedAge, ownContainer: input.ownContainer },
      payment: { method: terminal ? KIOSK_TERMINAL_METHOD : KIOSK_COUNTER_METHOD, terminalId: terminal ? device.terminalId : undefined },
      flags: { printNow: !terminal && device.printCounterOrdersAtOnce },
      // Stored on the order: the device reads and pays only its own orders; its tickets print on its printer.
      metaData: [
        { key: 'channel', value: 'kiosk' },
        { key: 'fulfilment_type', value: input.fulfilment },
        { key: KIOSK_DEVICE_META, value: String(device.id) },
        ...(device.printerId ? [{ key: RECEIPT_PRINTER_META, value: String(device.printerId) }] : []),
      ],
      createdVia: 'kiosk',
      startedAt: this.deps.clock(),
    });
    if (placed.payment.kind === 'failed') this.deps.log.warn({ order: placed.orderId, device: device.id }, 'terminal payment could not be started');
    return this.view(device, placed.orderId);
  }

  /** The order as its kiosk sees it; while the terminal waits, the provider is asked too (at most every 5 s). */
  async view(device: KioskDeviceRow, orderId: number): Promise<KioskOrderView> {
    const order = await this.orderOf(device, orderId);
    const view = await this.viewOf(order);
    if (view.status === 'terminal_waiting' && this.deps.payments) {
      await lookUpOpenPayments(this.deps.db, order.id, String(Math.floor(this.deps.clock().getTime() / 5_000)));
    }
    return view;
  }

  /** Starts the terminal payment, or again after a decline, cancel or time-out; a payment still waiting is kept. */
  async terminal(device: KioskDeviceRow, orderId: number, lang?: string): Promise<KioskOrderView> {
    if (!device.paymentMethods.includes('terminal') || !device.terminalId || !this.deps.payments) throw optionUnavailable('paymentMethod');
    const order = await this.orderOf(device, orderId);
    if (order.status !== 'pending' || order.datePaid) throw refused('This order does not wait for a payment.');
    if (order.paymentMethod !== KIOSK_TERMINAL_METHOD) {
      const now = this.deps.clock();
      await this.deps.db.transaction((tx) => moveOrder(tx, order.id, { kind: 'pay-by-terminal' }, { now, ifAllowed: true }));
    }
    await this.startTerminal(order.id, device, parseLang(lang) ?? order.lang);
    return this.view(device, order.id);
  }

  async cancel(device: KioskDeviceRow, orderId: number): Promise<KioskOrderView> {
    const order = await this.orderOf(device, orderId);
    if (this.deps.payments && order.paymentMethod === KIOSK_TERMINAL_METHOD) await this.deps.payments.cancelTerminalPayment(order.id);
    return this.viewOf(await this.orderOf(device, orderId));
  }

  /** Pay at the counter instead: a waiting terminal payment is stopped first (a card paid meanwhile wins). */
  async counter(device: KioskDeviceRow, orderId: number): Promise<KioskOrderView> {
    if (!device.paymentMethods.includes('counter')) throw optionUnavailable('paymentMethod');
    let order = await this.orderOf(device, orderId);
    if (this.deps.payments && order.paymentMethod === KIOSK_TERMINAL_METHOD) {
      await this.deps.payments.cancelTerminalPayment(order.id);
      order = await this.orderOf(device, orderId);
    }
    if (order.datePaid) return this.viewOf(order);
    if (order.status !== 'pending') throw refused('This order does not wait for a payment.');
    const now = this.deps.clock();
    await this.deps.db.transaction((tx) =>
      // The kitchen view shows the order as one to be paid at the counter now.
      moveOrder(
        tx,
        order.id,
        { kind: 'pay-at-counter', printTickets: device.printCounterOrdersAtOnce },
        {
          now,
          ifAllowed: true,
          alongside: (t) => failPendingPayments(t, order.id, now),
        },
      ),
    );
    return this.viewOf(await this.orderOf(device, orderId));
  }

  private async startTerminal(orderId: number, device: KioskDeviceRow, lang: 'nl' | 'fr' | 'en') {
    const started = await this.deps.payments!.startPayment(orderId, KIOSK_TERMINAL_METHOD, lang, undefined, device.terminalId);
    if (!started.success) this.deps.log.warn({ order: orderId, device: device.id }, 'terminal payment could not be started');
  }

  private async orderOf(device: KioskDeviceRow, orderId: number): Promise<OrderRow> {
    const [order] = await this.deps.db.select().from(orders).where(eq(orders.id, orderId));
    // Another kiosk's order, or not a kiosk order at all: as if it did not exist.
    if (!order || order.metaData.find((m) => m.key === KIOSK_DEVICE_META)?.value !== String(device.id)) {
      throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    }
    return order;
  }

  private async viewOf(order: OrderRow): Promise<KioskOrderView> {
    const counter = order.paymentMethod === KIOSK_COUNTER_METHOD || Object.values(COUNTER_PAID_METHODS).includes(order.paymentMethod as 'counter_cash');
    return {
      orderId: order.id,
      pickupNumber: String(order.pickupNumber),
      total: order.total,
      fulfilment: order.fulfilmentType as KioskFulfilment,
      paymentMethod: counter ? 'counter' : 'terminal',
      status: await this.statusOf(order, counter),
    };
  }

  private async statusOf(order: OrderRow, counter: boolean): Promise<KioskPaymentStatus> {
    if (order.datePaid) return 'paid';
    if (order.status === 'cancelled' || order.status === 'failed') return 'cancelled';
    if (counter) return 'counter_waiting';
    const [latest] = await this.deps.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1);
    // Never started (the provider could not be reached): the kiosk offers to try again.
    if (!latest) return 'cancelled';
    if (latest.status === 'pending') return 'terminal_waiting';
    if (latest.status === 'paid' || latest.status === 'review' || latest.status === 'refunded') return 'paid';
    if (latest.providerStatus === 'declined') return 'declined';
    if (latest.providerStatus === 'expired') return 'expired';
    // The terminal cancels a payment nobody answers after 60 s: that is its time-out, not the customer's cancel.
    if (latest.providerStatus === 'cancelled' && latest.updatedAt.getTime() - latest.createdAt.getTime() >= TERMINAL_IDLE_MS) return 'expired';
    return 'cancelled';
  }

  /** Staff confirm a counter order paid (the kitchen view): it goes to the kitchen and prints, exactly once. */
  async confirmCounterPayment(orderId: number, input: CounterPaymentRequest): Promise<{ orders: number[] }> {
    const now = this.deps.clock();
    const moved = await this.deps.db.transaction((tx) =>
      // Printed at once already when the kiosk is set so: the same ticket keys are not printed twice.
      moveOrder(
        tx,
        orderId,
        { kind: 'counter-paid', paymentMethod: COUNTER_PAID_METHODS[input.method], paymentMethodTitle: COUNTER_TITLES[input.method] },
        { now },
      ),
    );
    if (!moved) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    return { orders: [orderId] };
  }
}

function optionUnavailable(field: 'fulfilment' | 'paymentMethod'): DomainError {
  return new DomainError(
    'KIOSK_OPTION_UNAVAILABLE',
    field === 'fulfilment' ? 'This kiosk does not offer this way of eating.' : 'This kiosk does not offer this payment method.',
    { params: [field] },
  );
}

function refused(message: string): DomainError {
  return new DomainError('KIOSK_PAYMENT_REFUSED', message);
}
