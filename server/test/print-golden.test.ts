import fs from 'node:fs';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { encodeTicket } from '../src/modules/printing/escpos.js';
import { customerTicket, kitchenTicket, renderTicket } from '../src/modules/printing/tickets.js';
import { TICKET_CASES } from './support/ticket-orders.js';

/**
 * The ESC/POS bytes of fixed orders, byte for byte as the ticket code printed them before it was made
 * cheaper (issue 18): test/golden/tickets.json was written by that code. Any change to what reaches the
 * paper shows here; a deliberate layout change rewrites the file and says so in its commit.
 */
const golden = JSON.parse(fs.readFileSync(new URL('./golden/tickets.json', import.meta.url), 'utf8')) as Record<string, { lines: string[]; bytes: string }>;

describe('ticket golden output', () => {
  it('covers every fixed order in both kinds', () => {
    expect(Object.keys(golden).sort()).toEqual(TICKET_CASES.flatMap((c) => [`${c.name} / customer`, `${c.name} / kitchen`]).sort());
  });

  for (const c of TICKET_CASES) {
    for (const kind of ['customer', 'kitchen'] as const) {
      it(`${c.name}: ${kind} ticket is unchanged`, () => {
        const expected = golden[`${c.name} / ${kind}`]!;
        const ticket = renderTicket(kind, c.order, c.context);
        // The lines first: a layout difference reads better than a byte difference.
        expect(ticket.lines).toEqual(expected.lines);
        expect(Buffer.from(encodeTicket(ticket)).toString('base64')).toBe(expected.bytes);
      });
    }
  }

  it('renders the same bytes when a ticket is printed again (nothing cached leaks between tickets)', () => {
    const [first, second] = TICKET_CASES;
    const once = Buffer.from(encodeTicket(renderTicket('kitchen', first!.order, first!.context)));
    encodeTicket(renderTicket('customer', second!.order, second!.context));
    expect(Buffer.from(encodeTicket(renderTicket('kitchen', first!.order, first!.context))).equals(once)).toBe(true);
  });

  it('prints times as date-fns did in the shop time zone, across the year and its clock changes', () => {
    const base = TICKET_CASES[0]!;
    for (const timeZone of ['Europe/Brussels', 'America/New_York', 'Asia/Kolkata']) {
      // Every 97 minutes through 2026: every hour of the day, both clock changes, New Year's Eve.
      for (let t = Date.UTC(2025, 11, 31, 20); t < Date.UTC(2027, 0, 1, 4); t += 97 * 60_000) {
        const instant = new Date(t);
        const zoned = new TZDate(t, timeZone);
        const order = { ...base.order, createdAt: instant, slotStart: instant };
        const context = { ...base.context, timeZone };
        const customer = customerTicket(order, context).lines;
        expect(customer).toContain(`Datum: ${format(zoned, 'dd-MM-yyyy HH:mm')}`);
        expect(customer).toContain(`Afhalen: ${format(zoned, 'dd-MM-yyyy HH:mm')}`);
        const kitchen = kitchenTicket(order, context).lines;
        const left = format(zoned, 'dd-MM');
        const right = format(zoned, 'HH:mm');
        expect(kitchen[2]).toBe(`${left}${' '.repeat(23 - left.length - right.length)}${right}`);
      }
    }
  });
});
