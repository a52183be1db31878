import fs from 'node:fs';
import { TZDate } from '@date-fns/tz';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { encodeTicket } from '../src/modules/printing/escpos.js';
import { customerTicket, kitchenTicket, renderTicket, type Ticket } from '../src/modules/printing/tickets.js';
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
    // Every 613 minutes through 2026 (every minute of the hour and hour of the day comes round) plus the
    // minutes around Brussels' clock changes and New Year.
    const instants: number[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 613 * 60_000) instants.push(t);
    for (const edge of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 11, 31, 23)]) {
      for (let m = -61; m <= 61; m += 1) instants.push(edge + m * 60_000);
    }
    for (const timeZone of ['Europe/Brussels', 'America/New_York', 'Asia/Kolkata']) {
      for (const t of instants) {
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
  }, 60_000);

  it('writes the bytes the receipt printer encoder wrote, for any lines (decision 0050)', () => {
    // The encoding as it was, through the encoder, one ticket at a time.
    const throughEncoder = (ticket: Ticket) => {
      const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 48, feedBeforeCut: 4, newline: '\n' });
      encoder.initialize().codepage('cp858');
      if (ticket.kind === 'kitchen') encoder.size(2, 2);
      ticket.lines.forEach((line, index) => {
        const bytes = [...line].map((ch) => (ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) < 0x7f ? ch.charCodeAt(0) : 0x3f)).concat(0x0a);
        if (index === 0) encoder.bold(true).raw(bytes).bold(false);
        else encoder.raw(bytes);
      });
      if (ticket.kind === 'kitchen') encoder.size(1, 1);
      return Buffer.from(encoder.cut().encode());
    };
    // A fixed pseudo-random sequence, so a failure repeats.
    let seed = 18;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = 'abc XYZ 0123456789 #-.:*+é€\t\u00a0';
    for (let i = 0; i < 300; i++) {
      const lines = Array.from({ length: 1 + next(40) }, () => Array.from({ length: next(50) }, () => alphabet[next(alphabet.length)]).join(''));
      for (const kind of ['customer', 'kitchen'] as const) {
        const ticket: Ticket = { kind, width: kind === 'customer' ? 48 : 23, lines };
        expect(Buffer.from(encodeTicket(ticket)).equals(throughEncoder(ticket))).toBe(true);
      }
    }
  });
});
