import { KIOSK_COUNTER_METHOD } from '@bakje/contract';
import type { Address, LineAddon } from '../../src/db/schema/index.js';
import type { OrderWithLines } from '../../src/modules/orders/order-read.js';
import type { TicketContext } from '../../src/modules/printing/tickets.js';

/**
 * Fixed orders for the ticket golden test (print-golden.test.ts) and the ticket CPU bench
 * (bench/ticket-cpu.mjs): between them they reach every branch of the ticket layout (slot or none,
 * delivery address, discounts, shipping, several VAT rates, notes, add-ons, accents and symbols, words
 * longer than a line, a reprint, a kiosk order paid at the counter).
 */

export const address = (overrides: Partial<Address> = {}): Address => ({
  firstName: 'Amélie',
  lastName: 'Van den Brœck',
  company: '',
  address1: 'Sint-Pietersnieuwstraat 41',
  address2: '',
  city: 'Gent',
  state: '',
  postcode: '9000',
  country: 'BE',
  phone: '0470 12 34 56',
  email: '',
  ...overrides,
});

export const sauce: LineAddon = { fieldId: 1, optionId: 2, name: 'Saus', value: 'Mayonaise', price: 100, priceType: 'quantity_based' };
export const remark: LineAddon = { fieldId: 3, optionId: null, name: 'Opmerking', value: 'goed doorbakken', price: 0, priceType: 'flat_fee' };
const unnamed: LineAddon = { fieldId: 4, optionId: 5, name: '', value: 'Extra kaas – geraspt “oud”', price: 50, priceType: 'flat_fee' };

type Line = OrderWithLines['lines'][number];
let lineId = 0;
function line(name: string, quantity: number, unitPrice: number, addons: LineAddon[] = [], vatRate = 6): Line {
  lineId += 1;
  const subtotal = quantity * unitPrice;
  return {
    id: lineId,
    orderId: 0,
    position: lineId,
    productId: lineId,
    variationId: null,
    name,
    sku: '',
    quantity,
    unitPrice,
    addons,
    subtotal,
    total: subtotal,
    vatRate,
    totalTax: Math.round((subtotal * vatRate) / (100 + vatRate)),
    ageLimit: null,
    allergens: [],
    ownContainer: false,
  };
}

function order(id: number, overrides: Partial<OrderWithLines>): OrderWithLines {
  const createdAt = new Date('2026-11-21T09:00:00Z');
  const lines = overrides.lines ?? [line('Friet groot', 2, 420, [sauce]), line('Stoofvleessaus met extra groenten uit de streek', 1, 490, [remark])];
  const subtotal = lines.reduce((sum, l) => sum + l.subtotal, 0);
  return {
    id,
    orderKey: 'k',
    status: 'processing',
    sessionKey: 's',
    customerId: null,
    currency: 'EUR',
    fulfilmentType: 'takeaway',
    slotId: 1,
    slotStart: new Date('2026-11-21T17:15:00Z'),
    slotEnd: new Date('2026-11-21T17:30:00Z'),
    fireAt: null,
    asap: false,
    delayMinutes: 0,
    prepMinutes: null,
    awaitsArrival: false,
    arriveAt: null,
    arrivedAt: null,
    arrivalSpot: null,
    slotItems: 0,
    slotAmount: 0,
    pickupNumber: id % 100,
    pickupDay: '2026-11-21',
    transactionCost: null,
    cashRounding: 0,
    billing: address(),
    shipping: address(),
    lang: 'nl',
    notifyPhone: null,
    shipToDifferentAddress: false,
    paymentMethod: 'cod',
    paymentMethodTitle: 'Cash',
    transactionId: null,
    datePaid: null,
    customerNote: 'zonder ui | extra zout|  ',
    subtotal,
    discountTotal: 0,
    shippingTotal: 0,
    totalTax: 87,
    total: subtotal,
    vatLines: [{ rate: 6, tax: 87, total: subtotal }],
    couponCodes: [],
    giftCards: [],
    distanceKm: null,
    isTestOrder: false,
    placedInTestMode: false,
    createdVia: 'checkout',
    metaData: [],
    createdAt,
    updatedAt: createdAt,
    anonymisedAt: null,
    ...overrides,
    lines: lines.map((l) => ({ ...l, orderId: id })),
  };
}

export interface TicketCase {
  name: string;
  order: OrderWithLines;
  context: TicketContext;
}

const seller = { name: 'Frituur ’t Pleintje', address: ['Korenmarkt 1', '9000 Gent'], vatNumber: 'BE0123.456.789' };
const context = (reference: string, extra: Partial<TicketContext> = {}): TicketContext => ({ seller, timeZone: 'Europe/Brussels', reference, ...extra });

/** The fixed orders, each with the context it prints in. */
export const TICKET_CASES: TicketCase[] = [
  { name: 'takeaway cash', order: order(1042, {}), context: context('o1042-c1') },
  {
    name: 'delivery paid, discount, shipping, two VAT rates',
    order: order(1043, {
      fulfilmentType: 'delivery',
      paymentMethod: 'multisafepay_bancontact',
      paymentMethodTitle: 'Bancontact',
      shipping: address({ address1: 'Overpoortstraat 12', address2: 'bus 3', postcode: '9000', city: 'Gent' }),
      discountTotal: 250,
      shippingTotal: 300,
      lines: [line('Bicky burger', 3, 450, [sauce, unnamed]), line('Coca-Cola Zero 33cl', 2, 280, [], 21), line('Frikandel speciaal', 1, 330)],
      vatLines: [
        { rate: 6, tax: 134, total: 2370 },
        { rate: 21, tax: 97, total: 560 },
      ],
      customerNote: 'Bel aan bij de achterdeur | Hond is lief',
    }),
    context: context('o1043-k1'),
  },
  {
    name: 'dine-in without slot, no notes, seller without VAT number',
    order: order(1044, { fulfilmentType: 'dinein', slotStart: null, slotEnd: null, customerNote: '', lines: [line('Mexicano', 1, 390)] }),
    context: { seller: { name: 'Bakje', address: [], vatNumber: '' }, timeZone: 'Europe/Brussels', reference: 'o1044-c1' },
  },
  {
    name: 'reprint of a kiosk order paid at the counter, accents and a very long word',
    order: order(1045, {
      paymentMethod: KIOSK_COUNTER_METHOD,
      billing: address({ firstName: 'Zoë', lastName: 'Ødegård-Łukasiewicz' }),
      customerNote: 'Geen€ ‘mayo’\tmaar…\nketchup | Supercalifragilisticexpialidociousvanillesaus',
      lines: [line('Crème brûlée à la française – huisgemaakt', 1, 550, [remark]), line('Straßenbahnkäsekroketten×2', 4, 275, [sauce, unnamed, remark])],
    }),
    context: context('o1045-r1a2b3c', { reprint: true }),
  },
  {
    name: 'a big order (many lines with add-ons)',
    order: order(1046, {
      lines: Array.from({ length: 25 }, (_, i) =>
        line(`Product ${i + 1} met een iets langere naam`, (i % 3) + 1, 200 + i * 15, i % 2 ? [sauce] : [sauce, remark]),
      ),
      customerNote: Array.from({ length: 6 }, (_, i) => `notitie ${i + 1}`).join(' | '),
    }),
    context: context('o1046-k2'),
  },
];
