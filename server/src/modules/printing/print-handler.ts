import type { Logger } from '../../logger.js';
import { PrintNodeClient, PrintNodeError } from '../../integrations/printnode/printnode-client.js';
import { LanPrinterClient } from '../../integrations/lan-printer/lan-printer-client.js';
import { PermanentJobError, type JobContext, type JobHandler, type JobOutcome } from '../../jobs/job-runner.js';
import type { Job } from '../../jobs/job-store.js';
import { readOrdersForStaffWithSetting } from '../orders/order-read.js';
import { stationTickets, type StationTickets } from '../stations/station-map.js';
import { encodeTicket } from './escpos.js';
import { PRINT_JOB_KIND, type PrintJobPayload, type PrintResult } from './print-jobs.js';
import {
  NOT_CONFIGURED,
  PRINT_SETTINGS_KEY,
  describeTarget,
  parsePrintSettings,
  parsePrinterTarget,
  readPrintSettings,
  type PrintSettings,
  type PrinterTarget,
} from './print-settings.js';
import { renderTicket } from './tickets.js';

export interface PrintHandlerOptions {
  timeZone: string;
  /** First retry delay; doubles per attempt up to 5 minutes. */
  retryBaseMs?: number;
  /** Tickets of one printer sent over one connection at most (LAN printers). */
  batchSize?: number;
  lan?: LanPrinterClient;
  fetch?: typeof fetch;
}

/** A ticket ready to go, or the outcome it already has (skipped: printing off, no printer, no order). */
type Prepared = { target: PrinterTarget; printer: string; bytes: Uint8Array; title: string } | { outcome: JobOutcome | Error };
type Ready = Extract<Prepared, { target: unknown }>;

const MAX_ATTEMPTS = 12;

/**
 * Prints tickets (jobs of kind "print"). Exactly once on paper as far as the printer allows: every attempt
 * carries the job's idempotency key, which PrintNode (and the simulators) use to drop a repeat; a LAN
 * printer cannot, so a ticket that retries an attempt cut off by a crash opens with HERDRUK. Consecutive
 * tickets of one LAN printer go over one connection (the runner hands them over as a batch, in order).
 */
/** An order's meta entry naming the printer of its customer ticket (a kiosk's receipt printer). */
export const RECEIPT_PRINTER_META = 'receipt_printer';

export function printJobHandler(options: PrintHandlerOptions): JobHandler<PrintJobPayload> {
  const lan = options.lan ?? new LanPrinterClient();

  async function prepare(jobs: Job<PrintJobPayload>[], ctx: JobContext): Promise<{ settings: PrintSettings; prepared: Prepared[] }> {
    // Every order of the batch and the print settings in one query whatever the batch size; the settings
    // alone only when none of the orders exists any more.
    const read = await readOrdersForStaffWithSetting(
      ctx.db,
      jobs.map((job) => job.payload.orderId),
      PRINT_SETTINGS_KEY,
    );
    const orders = read.orders;
    const settings = read.setting ? parsePrintSettings(read.setting.value) : await readPrintSettings(ctx.db);
    const withStation = jobs.filter((job) => job.payload.stationId !== undefined);
    const stationParts: StationTickets | null = withStation.length
      ? await stationTickets(
          ctx.db,
          withStation.map((job) => job.payload.stationId!),
          withStation.flatMap((job) => orders.get(job.payload.orderId)?.lines.map((line) => line.productId) ?? []),
        )
      : null;
    const prepared = jobs.map((job): Prepared => {
      const { ticket: kind, orderId, stationId } = job.payload;
      const log = ctx.log.child({ job: job.id, key: job.idempotencyKey });
      let order = orders.get(orderId);
      // A station's ticket: its printer and its lines, as they are now (docs/decisions/0069-kitchen-stations.md).
      const station = stationId === undefined ? undefined : stationParts?.stations.get(stationId);
      if (stationId !== undefined) {
        if (!station) return { outcome: { skipped: 'station deleted' } };
        if (order) order = { ...order, lines: order.lines.filter((line) => stationParts?.productStations.get(line.productId) === stationId) };
        if (order && order.lines.length === 0) return { outcome: { skipped: 'nothing for the station' } };
      }
      // A kiosk order's receipt prints on its kiosk's own printer (docs/decisions/0041-kiosk-devices.md).
      const receiptPrinter = kind === 'customer' ? order?.metaData.find((m) => m.key === RECEIPT_PRINTER_META)?.value : undefined;
      // The label goes to the shop's customer printer, where the bags are packed, also for a kiosk order.
      const target = parsePrinterTarget(station?.printer || receiptPrinter || (kind === 'kitchen' ? settings.kitchenPrinter : settings.customerPrinter));
      if (!settings.enabled || !target || (target.type === 'printnode' && !settings.printNodeApiKey)) {
        // docs/product.md §8: nothing is sent, a warning says why.
        log.warn({ enabled: settings.enabled, kind }, NOT_CONFIGURED);
        return { outcome: { skipped: settings.enabled ? NOT_CONFIGURED : 'printing is off' } };
      }
      if (!order) {
        log.warn('print job for an order that no longer exists');
        return { outcome: { skipped: 'order not found' } };
      }
      if (job.interrupted) log.warn('reprinting a ticket whose print was cut off: it is marked HERDRUK');
      const ticket = renderTicket(kind, order, {
        seller: settings.seller,
        timeZone: options.timeZone,
        reference: job.idempotencyKey ?? `job${job.id}`,
        reprint: job.interrupted,
        ...(station ? { station: station.name } : {}),
      });
      const title = `Bakje #${order.pickupNumber} ${kind === 'customer' ? 'klant' : kind === 'label' ? 'etiket' : station ? station.name : 'keuken'}`;
      return { target, printer: describeTarget(target), bytes: encodeTicket(ticket), title };
    });
    return { settings, prepared };
  }

  async function sendPrintNode(job: Job<PrintJobPayload>, ticket: Ready, settings: PrintSettings, ctx: JobContext): Promise<JobOutcome | Error> {
    const client = new PrintNodeClient({ baseUrl: settings.printNodeBaseUrl, apiKey: settings.printNodeApiKey, fetch: options.fetch });
    try {
      const answer = await client.submit({
        printerId: (ticket.target as Extract<PrinterTarget, { type: 'printnode' }>).printerId,
        title: ticket.title,
        content: ticket.bytes,
        source: 'Bakje',
        idempotencyKey: job.idempotencyKey ?? `job${job.id}`,
      });
      if (answer.duplicate) ctx.log.info({ job: job.id, printer: ticket.printer }, 'print service already had this ticket');
      ctx.log.info({ job: job.id, key: job.idempotencyKey, printer: ticket.printer, externalJobId: answer.jobId }, 'ticket printed');
      return { result: { printer: ticket.printer, externalJobId: answer.jobId } satisfies PrintResult };
    } catch (error) {
      ctx.log.error({ err: error, job: job.id, key: job.idempotencyKey, printer: ticket.printer }, 'print failed');
      // A 4xx such as a bad key will not get better by trying again.
      if (error instanceof PrintNodeError && !error.retryable) return new PermanentJobError(error.message, { cause: error });
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  async function print(jobs: Job<PrintJobPayload>[], ctx: JobContext): Promise<Array<JobOutcome | Error>> {
    const { settings, prepared } = await prepare(jobs, ctx);
    const outcomes: Array<JobOutcome | Error> = new Array(jobs.length);
    let i = 0;
    while (i < jobs.length) {
      const ticket = prepared[i]!;
      if ('outcome' in ticket) {
        outcomes[i] = ticket.outcome;
        i += 1;
        continue;
      }
      if (ticket.target.type === 'printnode') {
        outcomes[i] = await sendPrintNode(jobs[i]!, ticket, settings, ctx);
        i += 1;
        continue;
      }
      // The run of consecutive tickets for this same LAN printer goes over one connection, in order.
      const run = [i];
      while (i + run.length < jobs.length) {
        const next = prepared[i + run.length]!;
        if ('outcome' in next || next.printer !== ticket.printer) break;
        run.push(i + run.length);
      }
      const { host, port } = ticket.target;
      const bytes = Buffer.concat(run.map((k) => (prepared[k] as { bytes: Uint8Array }).bytes));
      let outcome: JobOutcome | Error;
      try {
        await lan.send(host, port, bytes);
        outcome = { result: { printer: ticket.printer, externalJobId: null } satisfies PrintResult };
      } catch (error) {
        outcome = error instanceof Error ? error : new Error(String(error));
      }
      for (const k of run) outcomes[k] = outcome;
      logOutcome(
        ctx.log,
        ticket.printer,
        run.map((k) => jobs[k]!.idempotencyKey),
        outcome,
      );
      i += run.length;
    }
    return outcomes;
  }

  return {
    kind: PRINT_JOB_KIND,
    maxAttempts: MAX_ATTEMPTS,
    backoff: { baseMs: options.retryBaseMs ?? 2_000, maxMs: 5 * 60_000 },
    async handle(job, ctx) {
      const [outcome] = await print([job], ctx);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    batch: { max: options.batchSize ?? 50, handle: print },
    // The order's id, not its pickup number: a checkout asks for its tickets before the number is drawn.
    describe: (payload) => ({ orderId: payload.orderId, ticket: payload.ticket, copy: payload.copy }),
  };
}

function logOutcome(log: Logger, printer: string, keys: (string | null)[], outcome: JobOutcome | Error) {
  if (outcome instanceof Error) log.error({ err: outcome, printer, keys }, 'print failed');
  else log.info({ printer, keys }, keys.length === 1 ? 'ticket printed' : 'tickets printed');
}
