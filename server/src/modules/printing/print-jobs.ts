import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobs, type FulfilmentType, type JobStatus, type TicketKind } from '../../db/schema/index.js';
import { enqueueJobs, type NewJob } from '../../jobs/job-store.js';
import { orderStationPrinters } from '../stations/station-map.js';
import { readPrintSettings, type PrintSettings } from './print-settings.js';

/** The job kind of a ticket to print (docs/decisions/0009-job-runner.md). */
export const PRINT_JOB_KIND = 'print';

/**
 * What a print job prints: the two tickets of the settings, and the delivery/takeaway label that goes with
 * the customer ticket on its printer (docs/decisions/0084-allergens-at-the-door-own-container.md).
 */
export type PrintKind = TicketKind | 'label';

/** The orders that get a label: the food leaves the shop in a bag, so its allergens go with it. */
export const LABELLED: ReadonlySet<FulfilmentType> = new Set<FulfilmentType>(['delivery', 'takeaway']);

export interface PrintJobPayload {
  orderId: number;
  ticket: PrintKind;
  /** 1, 2, ... for the kitchen copies of a new order; 0 for a reprint asked for by staff. */
  copy: number;
  /** A station's own kitchen ticket: only its lines, on its printer (docs/decisions/0069-kitchen-stations.md). */
  stationId?: number;
}

/** Where a print job's ticket is printed, as the result of its job. */
export interface PrintResult {
  printer: string;
  externalJobId: string | null;
}

/** Short and stable, because it is printed on the ticket (23 columns) and sent as the idempotency key. */
export function ticketKey(orderId: number, kind: PrintKind, copy: number): string {
  return `o${orderId}-${kind === 'customer' ? 'c' : kind === 'label' ? 'l' : 'k'}${copy}`;
}

/**
 * One lane per printer, as the settings name it when the ticket is asked for: tickets of one printer print
 * in order, and a printer that is down holds up only its own tickets. Where a ticket goes is still decided
 * when it prints, so fixing a printer setting helps the tickets that are waiting.
 */
export function printLane(settings: PrintSettings, kind: PrintKind): string {
  const printer = (kind === 'kitchen' ? settings.kitchenPrinter : settings.customerPrinter).trim();
  return `print:${printer || 'none'}`;
}

function printJob(settings: PrintSettings, payload: PrintJobPayload, idempotencyKey: string): NewJob {
  return { kind: PRINT_JOB_KIND, lane: printLane(settings, payload.ticket), payload, idempotencyKey };
}

/**
 * The tickets a new order prints (customer ticket, kitchen copies), as jobs in the caller's transaction:
 * they exist exactly when the order does. Whether printing is on and where tickets go is decided when
 * the job runs, so a printer fixed later still gets the tickets that are waiting.
 */
export async function enqueueOrderTickets(tx: DbOrTx, orderId: number, fulfilment: FulfilmentType, known?: PrintSettings): Promise<number> {
  const settings = known ?? (await readPrintSettings(tx));
  const items: NewJob[] = [];
  if (settings.customerTicket) items.push(printJob(settings, { orderId, ticket: 'customer', copy: 1 }, ticketKey(orderId, 'customer', 1)));
  if (settings.customerTicket && settings.allergenLabel && LABELLED.has(fulfilment))
    items.push(printJob(settings, { orderId, ticket: 'label', copy: 1 }, ticketKey(orderId, 'label', 1)));
  if (settings.kitchenTicket) {
    for (let copy = 1; copy <= settings.kitchenCopies; copy++) {
      items.push(printJob(settings, { orderId, ticket: 'kitchen', copy }, ticketKey(orderId, 'kitchen', copy)));
    }
    // Each station with a printer of its own gets one ticket of its lines, in its printer's lane.
    for (const station of await orderStationPrinters(tx, orderId)) {
      items.push({
        kind: PRINT_JOB_KIND,
        lane: `print:${station.printer}`,
        payload: { orderId, ticket: 'kitchen', copy: 1, stationId: station.id } satisfies PrintJobPayload,
        idempotencyKey: `o${orderId}-s${station.id}`,
      });
    }
  }
  return enqueueJobs(tx, items);
}

/** One more ticket on staff request (the kitchen's "print kitchen copy"): a new job with its own key. */
export async function enqueueReprint(tx: DbOrTx, orderId: number, kind: PrintKind): Promise<string> {
  const [key] = await enqueueReprints(tx, [{ orderId, kind }]);
  return key!;
}

/** Extra tickets (copy 0), each a job with its own key; the settings are read once for all of them. */
export async function enqueueReprints(tx: DbOrTx, tickets: ReadonlyArray<{ orderId: number; kind: PrintKind }>): Promise<string[]> {
  if (tickets.length === 0) return [];
  const settings = await readPrintSettings(tx);
  const items = tickets.map(({ orderId, kind }) => printJob(settings, { orderId, ticket: kind, copy: 0 }, `o${orderId}-r${randomBytes(3).toString('hex')}`));
  await enqueueJobs(tx, items);
  return items.map((item) => item.idempotencyKey!);
}

export interface PrintJob extends PrintJobPayload {
  id: number;
  lane: string;
  status: JobStatus;
  attempts: number;
  interrupted: boolean;
  idempotencyKey: string;
  lastError: string | null;
  printer: string | null;
  externalJobId: string | null;
}

/** The print jobs of one order, oldest first. */
export async function jobsForOrder(db: DbOrTx, orderId: number): Promise<PrintJob[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, PRINT_JOB_KIND), sql`(${jobs.payload} ->> 'orderId')::int = ${orderId}`))
    .orderBy(asc(jobs.id));
  return rows.map((row) => {
    const payload = row.payload as PrintJobPayload;
    const result = row.result as PrintResult | null;
    return {
      ...payload,
      id: row.id,
      lane: row.lane,
      status: row.status,
      attempts: row.attempts,
      interrupted: row.interrupted,
      idempotencyKey: row.idempotencyKey ?? '',
      lastError: row.lastError,
      printer: result?.printer ?? null,
      externalJobId: result?.externalJobId ?? null,
    };
  });
}
