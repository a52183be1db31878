import { describe, expect, it } from 'vitest';
import type { OrderWithLines } from '../src/modules/orders/order-read.js';
import { encodeTicket } from '../src/modules/printing/escpos.js';
import { decodeEscPos } from '../src/integrations/printer-simulators/escpos-decode.js';
import { customerTicket, kitchenTicket, type Ticket, type TicketContext } from '../src/modules/printing/tickets.js';
import { printable, wrap } from '../src/modules/printing/ticket-text.js';
import { address, remark, sauce } from './support/ticket-orders.js';

/** An order as the checkout writes it: 18:15 pickup on Saturday 21 November 2026, placed at 10:00. */
function anOrder(overrides: Partial<OrderWithLines> = {}): OrderWithLines {
  const createdAt = new Date('2026-11-21T09:00:00Z');
  return {
    id: 1042,
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
    pickupNumber: 7,
    pickupDay: '2026-11-21',
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
    subtotal: 1530,
    discountTotal: 0,
    shippingTotal: 0,
    totalTax: 87,
    total: 1530,
    vatLines: [{ rate: 6, tax: 87, total: 1530 }],
    couponCodes: [],
    giftCards: [],
    transactionCost: null,
    cashRounding: 0,
    distanceKm: null,
    isTestOrder: false,
    placedInTestMode: false,
    createdVia: 'checkout',
    metaData: [],
    createdAt,
    updatedAt: createdAt,
    anonymisedAt: null,
    lines: [
      {
        id: 1,
        orderId: 1042,
        position: 0,
        productId: 1,
        variationId: 2,
        name: 'Friet groot',
        sku: '',
        quantity: 2,
        unitPrice: 420,
        addons: [sauce],
        subtotal: 1040,
        total: 1040,
        vatRate: 6,
        totalTax: 59,
        ageLimit: null,
        allergens: [],
        ownContainer: false,
      },
      {
        id: 2,
        orderId: 1042,
        position: 1,
        productId: 3,
        variationId: null,
        name: 'Stoofvleessaus met extra groenten uit de streek',
        sku: '',
        quantity: 1,
        unitPrice: 490,
        addons: [remark],
        subtotal: 490,
        total: 490,
        vatRate: 6,
        totalTax: 28,
        ageLimit: null,
        allergens: [],
        ownContainer: false,
      },
    ],
    ...overrides,
  };
}

const context: TicketContext = {
  seller: { name: 'Frituur ’t Pleintje', address: ['Korenmarkt 1', '9000 Gent'], vatNumber: 'BE0123.456.789' },
  timeZone: 'Europe/Brussels',
  reference: 'o1042-customer-1',
};

function roundTrip(ticket: Ticket) {
  const decoded = decodeEscPos(encodeTicket(ticket));
  expect(decoded).toHaveLength(1);
  expect(decoded[0]!.cut).toBe(true);
  return decoded[0]!.lines;
}

describe('customer ticket', () => {
  it('lays out a cash order 48 wide with pro forma wording, add-ons, notes and stripped accents', () => {
    const ticket = customerTicket(anOrder(), context);
    const expected = [
      "              Frituur 't Pleintje",
      '                  Korenmarkt 1',
      '                   9000 Gent',
      '               BTW BE0123.456.789',
      '------------------------------------------------',
      '                   PRO FORMA',
      '        Dit is geen geldig BTW-kasticket',
      '------------------------------------------------',
      'Pro forma ticket                              #7',
      'Bestelling: 1042',
      'Klant: Amelie Van den Broeck',
      'Datum: 21-11-2026 10:00',
      'Afhalen: 21-11-2026 18:15',
      'Betalingsmethode: Contant',
      'Betaling: TE BETALEN',
      '------------------------------------------------',
      '2x  Friet groot                            10,40',
      '    + Saus: Mayonaise',
      '1x  Stoofvleessaus met extra groente...     4,90',
      '    + Opmerking: goed doorbakken',
      '------------------------------------------------',
      'Subtotaal                                  15,30',
      'Totaal                                 EUR 15,30',
      '  incl. BTW 6% op 15,30                     0,87',
      '------------------------------------------------',
      'Notities:',
      '- zonder ui',
      '- extra zout',
      '------------------------------------------------',
      '            Bedankt voor uw bezoek!',
      '',
      '              ref o1042-customer-1',
    ];
    expect(ticket.lines).toEqual(expected);
    for (const line of ticket.lines) expect(line.length).toBeLessThanOrEqual(48);
    // The item row is exactly quantity 4 + name 35 + space + price 8.
    expect(ticket.lines[18]!.length).toBe(48);
    expect(ticket.lines[18]!.slice(4, 39)).toBe('Stoofvleessaus met extra groente...');
    expect(roundTrip(ticket)).toEqual(expected);
  });

  it('shows BETAALD for a paid order, the discount, the delivery fee and address', () => {
    const order = anOrder({
      paymentMethod: 'multisafepay_bancontact',
      paymentMethodTitle: 'Bancontact',
      fulfilmentType: 'delivery',
      discountTotal: 153,
      shippingTotal: 250,
      total: 1627,
      vatLines: [
        { rate: 6, tax: 78, total: 1377 },
        { rate: 21, tax: 43, total: 250 },
      ],
      customerNote: '',
      shipping: address({ address1: 'Rue de l’Église 3', address2: 'bus 2', postcode: '9050', city: 'Gentbrugge' }),
    });
    const lines = customerTicket(order, { ...context, seller: { name: 'Bakje', address: [], vatNumber: '' } }).lines;
    expect(lines.slice(0, 4)).toEqual([
      '                     Bakje',
      '-'.repeat(48),
      '                   PRO FORMA',
      '        Dit is geen geldig BTW-kasticket',
    ]);
    expect(lines).toContain('Levering: 21-11-2026 18:15');
    expect(lines).toContain("  Rue de l'Eglise 3 bus 2");
    expect(lines).toContain('  9050 Gentbrugge');
    expect(lines).toContain('Betalingsmethode: Bancontact');
    expect(lines).toContain('Betaling: BETAALD');
    expect(lines).toContain('Korting                                    -1,53');
    expect(lines).toContain('Levering                                    2,50');
    expect(lines).toContain('Totaal                                 EUR 16,27');
    expect(lines).toContain('  incl. BTW 21% op 2,50                     0,43');
    expect(lines).not.toContain('Notities:');
    expect(lines.join('\n')).not.toMatch(/[^\x20-\x7e\n]/);
    expect(roundTrip({ kind: 'customer', width: 48, lines })).toEqual(lines);
  });
});

describe('gift cards on the tickets', () => {
  const cardLine = {
    id: 3,
    orderId: 1042,
    position: 2,
    productId: 9,
    variationId: null,
    name: 'Cadeaubon 25',
    sku: '',
    quantity: 1,
    unitPrice: 2500,
    addons: [],
    subtotal: 2500,
    total: 2500,
    vatRate: 0,
    totalTax: 0,
    ageLimit: null,
    allergens: [],
    ownContainer: false,
  };

  it('the customer ticket shows the whole sale, each card by its last four characters only, and what is left to pay', () => {
    // Fries and sauce 15.30 plus a gift card of 25.00 sold (outside VAT); a card ending WN4H pays 5.00.
    const base = anOrder();
    const order = anOrder({ lines: [...base.lines, cardLine], subtotal: 4030, total: 3530, giftCards: [{ id: 5, last4: 'WN4H', amount: 500 }] });
    const lines = customerTicket(order, context).lines;
    const at = lines.indexOf('Totaal                                 EUR 40,30');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at, at + 5)).toEqual([
      'Totaal                                 EUR 40,30',
      '  incl. BTW 6% op 15,30                     0,87',
      '  cadeaubon, buiten BTW                    25,00',
      'Cadeaubon ****WN4H                     -EUR 5,00',
      'Te betalen                             EUR 35,30',
    ]);
    expect(lines).toContain('Betalingsmethode: Contant');
    expect(lines).toContain('Betaling: TE BETALEN');
    expect(roundTrip({ kind: 'customer', width: 48, lines })).toEqual(lines);
  });

  it('an order paid in full by a gift card has nothing to collect: BETAALD on both tickets', () => {
    const order = anOrder({ total: 0, giftCards: [{ id: 6, last4: 'K7QM', amount: 1530 }] });
    const lines = customerTicket(order, context).lines;
    expect(lines).toContain('Cadeaubon ****K7QM                    -EUR 15,30');
    expect(lines).toContain('Te betalen                              EUR 0,00');
    expect(lines).toContain('Betaling: BETAALD');
    expect(kitchenTicket(order, context).lines).toContain('BETAALD');
    expect(kitchenTicket(anOrder(), context).lines).toContain('CASH');
  });

  it('an order without gift cards prints as before: no card lines, nothing "to pay"', () => {
    const lines = customerTicket(anOrder(), context).lines;
    expect(lines.filter((l) => /Cadeaubon|Te betalen|buiten BTW/.test(l))).toEqual([]);
  });
});

describe('kitchen ticket', () => {
  it('lays out 23 wide: number, time, wrapped items with add-ons, notes split on |, CASH', () => {
    const ticket = kitchenTicket(anOrder(), { ...context, reference: 'o1042-kitchen-1' });
    const expected = [
      '-----------------------',
      '#7              AFHALEN',
      '21-11             18:15',
      '-----------------------',
      '2x  Friet groot',
      '    + Saus: Mayonaise',
      '1x  Stoofvleessaus met',
      '    extra groenten uit',
      '    de streek',
      '    + Opmerking: goed',
      '    doorbakken',
      '-----------------------',
      'Notities:',
      '- zonder ui',
      '- extra zout',
      '-----------------------',
      'Amelie Van den Broeck',
      'CASH',
      'ref o1042-kitchen-1',
    ];
    expect(ticket.lines).toEqual(expected);
    for (const line of ticket.lines) expect(line.length).toBeLessThanOrEqual(23);
    expect(roundTrip(ticket)).toEqual(expected);
  });

  it('wraps a Dutch compound name after its hyphen, never mid-word (issue 31)', () => {
    const [first] = anOrder().lines;
    const order = anOrder({ lines: [{ ...first!, name: 'Zoete-aardappelfriet groot', quantity: 1, addons: [] }], customerNote: '' });
    const lines = kitchenTicket(order, context).lines;
    expect(lines.slice(4, 7)).toEqual(['1x  Zoete-', '    aardappelfriet', '    groot']);
  });

  it('says BETAALD for anything but cod and prints the delivery address', () => {
    const order = anOrder({ paymentMethod: 'multisafepay', fulfilmentType: 'dinein', customerNote: '' });
    const lines = kitchenTicket(order, context).lines;
    expect(lines[1]).toBe('#7          TER PLAATSE');
    expect(lines).toContain('BETAALD');
    expect(lines).not.toContain('CASH');
    const delivered = kitchenTicket(anOrder({ fulfilmentType: 'delivery' }), context).lines;
    expect(delivered.slice(1, 5)).toEqual(['#7             LEVERING', '21-11             18:15', 'Sint-Pietersnieuwstraat', '41']);
  });

  it('opens with HERDRUK when it retries a print cut off by a crash, on both tickets', () => {
    const reprint = { ...context, reprint: true };
    const kitchen = kitchenTicket(anOrder(), reprint).lines;
    expect(kitchen.slice(0, 2)).toEqual(['        HERDRUK', '-'.repeat(23)]);
    expect(kitchen.slice(2)).toEqual(kitchenTicket(anOrder(), context).lines.slice(1));
    const customer = customerTicket(anOrder(), reprint).lines;
    expect(customer[0]).toBe(`${' '.repeat(16)}*** HERDRUK ***`);
    expect(customer.slice(1)).toEqual(customerTicket(anOrder(), context).lines);
  });
});

describe('ESC/POS and text', () => {
  it('strips accents and spells out symbols', () => {
    expect(printable('Crème brûlée — €3 “extra”\tß')).toBe('Creme brulee - EUR3 "extra" ss');
    expect(printable('日本')).toBe('??');
  });

  it('decodes the encoder’s commands and rejects unknown ones', () => {
    const bytes = encodeTicket({ kind: 'kitchen', width: 23, lines: ['a', 'b'] });
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    expect(Buffer.from(bytes).includes(Buffer.from([0x1d, 0x21, 0x11]))).toBe(true);
    // Several tickets over one connection (a batch of one printer's lane) decode to the same tickets as one by one.
    const one = decodeEscPos(bytes);
    expect(decodeEscPos(new Uint8Array([...bytes, ...bytes]))).toEqual([...one, ...one]);
    expect(() => decodeEscPos(new Uint8Array([0x1b, 0x99, 0x00]))).toThrow(/unsupported command/);
    expect(() => decodeEscPos(new Uint8Array([0x1b, 0x74]))).toThrow(/truncated/);
  });
});

describe('ticket wrap', () => {
  it('breaks at spaces, and inside a word only after its own hyphen', () => {
    expect(wrap('Zoete-aardappelfriet', 19)).toEqual(['Zoete-', 'aardappelfriet']);
    expect(wrap('Grote Zoete-aardappelfriet', 19)).toEqual(['Grote Zoete-', 'aardappelfriet']);
    expect(wrap('Vol-au-vent met kip', 12)).toEqual(['Vol-au-vent', 'met kip']);
    expect(wrap('Vol-au-vent-met-kip-en-champignons', 12)).toEqual(['Vol-au-vent-', 'met-kip-en-', 'champignons']);
    expect(wrap('Stoofvlees met frietjes', 23)).toEqual(['Stoofvlees met frietjes']);
    expect(wrap('+ Extra kaas - geraspt', 19)).toEqual(['+ Extra kaas -', 'geraspt']);
  });

  it('cuts a word without a hyphen that is longer than a line, marking the cut', () => {
    expect(wrap('Strassenbahnkasekrokettenx2', 19)).toEqual(['Strassenbahnkasekr-', 'okettenx2']);
    for (const line of wrap('Supercalifragilisticexpialidociousvanillesaus met Zoete-aardappelfriet', 23)) {
      expect(line.length).toBeLessThanOrEqual(23);
    }
  });

  it('never returns an empty list', () => {
    expect(wrap('', 10)).toEqual(['']);
    expect(wrap('   ', 10)).toEqual(['']);
  });
});
