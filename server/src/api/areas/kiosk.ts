import type { FastifyInstance } from 'fastify';
import type { PlaceOrder } from '../../modules/orders/place-order.js';
import { KioskDevices } from '../../modules/kiosk/kiosk-devices.js';
import { KioskEvents } from '../../modules/kiosk/kiosk-events.js';
import { KioskOrders } from '../../modules/kiosk/kiosk-orders.js';
import type { PaymentsService } from '../../modules/payments/payments-service.js';
import { registerKioskRoutes } from '../rest/kiosk.js';
import { streamOptions, type AreaContext } from './context.js';

/** The kiosk: pairing, its orders (paid on its card terminal or at the counter) and its event stream. */
export function registerKioskArea(
  server: FastifyInstance,
  context: AreaContext,
  deps: { placeOrder: PlaceOrder; terminal: PaymentsService | undefined },
): void {
  const { config, db, clock } = context;
  const events = new KioskEvents();
  registerKioskRoutes(server, {
    config,
    devices: new KioskDevices({ db, clock, events }),
    orders: new KioskOrders({ db, placeOrder: deps.placeOrder, payments: deps.terminal, clock, log: context.log.child({ module: 'kiosk' }) }),
    events,
    tokens: context.tokens,
    ...streamOptions(context),
  });
}
