import { randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { DbOrTx } from '../../db/client.js';
import type { TicketKind } from '../../db/schema/index.js';
import { LanPrinterClient } from '../../integrations/lan-printer/lan-printer-client.js';
import { PrintNodeClient } from '../../integrations/printnode/printnode-client.js';
import { encodeTicket } from './escpos.js';
import { NOT_CONFIGURED, describeTarget, parsePrinterTarget, readPrintSettings } from './print-settings.js';
import { center, fit, printable } from './ticket-text.js';
import { CUSTOMER_WIDTH, KITCHEN_WIDTH, type Ticket } from './tickets.js';
import { DomainError } from '../../errors/domain-error.js';

/** A few lines in the ticket kind's width and print size, so the test shows how real tickets will look. */
export function testTicket(kind: TicketKind, context: { sellerName: string; printer: string; at: Date; timeZone: string; reference: string }): Ticket {
  const width = kind === 'customer' ? CUSTOMER_WIDTH : KITCHEN_WIDTH;
  const rule = '-'.repeat(width);
  const lines = [
    rule,
    center(printable(context.sellerName), width),
    center('TESTTICKET', width),
    center(kind === 'customer' ? 'Klantenticket' : 'Keukenbon', width),
    rule,
    fit(format(new TZDate(context.at.getTime(), context.timeZone), 'dd-MM-yyyy HH:mm'), width),
    fit(printable(context.printer), width),
    rule,
    fit(`ref ${context.reference}`, width),
  ];
  return { kind, width, lines };
}

/**
 * Sends a test ticket straight to the printer configured for `kind` (not through the job queue: the
 * dashboard waits for the answer and shows it). Works while printing is off, so a printer can be set up
 * before tickets go to it. Each test has its own reference, so the print service never drops it as a repeat.
 */
export async function printTestTicket(
  db: DbOrTx,
  kind: TicketKind,
  options: { timeZone: string; now: Date; lan?: LanPrinterClient; fetch?: typeof fetch },
): Promise<{ printer: string; reference: string }> {
  const settings = await readPrintSettings(db);
  const target = parsePrinterTarget(kind === 'customer' ? settings.customerPrinter : settings.kitchenPrinter);
  if (!target || (target.type === 'printnode' && !settings.printNodeApiKey)) throw new DomainError('PRINTER_NOT_CONFIGURED', NOT_CONFIGURED);
  const printer = describeTarget(target);
  const reference = `test-${randomBytes(3).toString('hex')}`;
  const bytes = encodeTicket(testTicket(kind, { sellerName: settings.seller.name, printer, at: options.now, timeZone: options.timeZone, reference }));
  try {
    if (target.type === 'printnode') {
      const client = new PrintNodeClient({ baseUrl: settings.printNodeBaseUrl, apiKey: settings.printNodeApiKey, fetch: options.fetch });
      await client.submit({ printerId: target.printerId, title: `Bakje test ${kind}`, content: bytes, source: 'Bakje', idempotencyKey: reference });
    } else {
      await (options.lan ?? new LanPrinterClient()).send(target.host, target.port, bytes);
    }
  } catch (error) {
    throw new DomainError('PRINT_FAILED', `The test ticket did not print on ${printer}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { printer, reference };
}
