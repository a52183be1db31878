import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { PrintNodeClient, PrintNodeError } from '../../integrations/printnode/printnode-client.js';
import { LanPrinterClient } from '../../integrations/lan-printer/lan-printer-client.js';
import { readOrderFor } from '../orders/order-read.js';
import { encodeTicket } from './escpos.js';
import { PRINT_JOBS_CHANNEL, claimNextJob, markDone, markFailed, markSkipped, type PrintJob } from './print-jobs.js';
import { NOT_CONFIGURED, describeTarget, parsePrinterTarget, type PrintSettings } from './print-settings.js';
import { renderTicket } from './tickets.js';

export interface PrintWorkerOptions {
  timeZone: string;
  /** First retry delay; doubles per attempt up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  maxAttempts?: number;
  /** How long a claim holds; longer than any one send (PrintNode and LAN time out after 10 s). */
  leaseMs?: number;
  /** Fallback poll, for retries coming due and a missed notification. */
  pollMs?: number;
  lan?: LanPrinterClient;
  fetch?: typeof fetch;
}

/**
 * Prints the committed print jobs. At-least-once by construction (a job stays claimable until it is marked
 * done, and an expired lease hands it to another worker); exactly-once on paper because every attempt of a
 * job carries the same idempotency key, which PrintNode (and the simulators) use to drop a repeat.
 */
export class PrintWorker {
  readonly id = `pw-${randomBytes(4).toString('hex')}`;
  private stopped = true;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly lan: LanPrinterClient;
  private readonly o: Required<Omit<PrintWorkerOptions, 'lan' | 'fetch'>>;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly options: PrintWorkerOptions,
  ) {
    this.lan = options.lan ?? new LanPrinterClient();
    this.o = {
      timeZone: options.timeZone,
      retryBaseMs: options.retryBaseMs ?? 2_000,
      maxRetryMs: options.maxRetryMs ?? 5 * 60_000,
      maxAttempts: options.maxAttempts ?? 12,
      leaseMs: options.leaseMs ?? 60_000,
      pollMs: options.pollMs ?? 2_000,
    };
  }

  async start() {
    if (!this.stopped) return;
    this.stopped = false;
    // After a dropped LISTEN connection a job may have been missed: look for due jobs.
    this.unlisten = await this.database.listen(PRINT_JOBS_CHANNEL, { onPayload: () => this.nudge(), onResubscribed: () => this.nudge() });
    // Jobs left pending (or claimed by a worker that died) before this start are picked up right away.
    this.loop = this.run();
  }

  nudge() {
    this.wake?.();
  }

  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.nudge();
    await this.loop;
    // The database may already be gone (shutdown order, a lost connection): nothing left to unsubscribe.
    await this.unlisten?.().catch(() => undefined);
  }

  private async run() {
    while (!this.stopped) {
      try {
        await this.drain(() => this.stopped);
      } catch (error) {
        this.log.error({ err: error }, 'print worker: could not read jobs');
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.o.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Prints every job that is due now; returns how many it handled. */
  async drain(shouldStop: () => boolean = () => false): Promise<number> {
    let handled = 0;
    while (!shouldStop()) {
      const claimed = await claimNextJob(this.database.db, this.id, this.o.leaseMs);
      if (!claimed) break;
      await this.process(claimed.job, claimed.settings);
      handled += 1;
    }
    return handled;
  }

  private retryDelay(attempts: number) {
    return Math.min(this.o.maxRetryMs, this.o.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }

  private async process(job: PrintJob, settings: PrintSettings) {
    const db = this.database.db;
    const log = this.log.child({ printJob: job.id, key: job.idempotencyKey, attempt: job.attempts });
    const target = parsePrinterTarget(job.kind === 'customer' ? settings.customerPrinter : settings.kitchenPrinter);
    if (!settings.enabled || !target || (target.type === 'printnode' && !settings.printNodeApiKey)) {
      // docs/product.md §8: nothing is sent, a warning says why.
      log.warn({ enabled: settings.enabled, kind: job.kind }, NOT_CONFIGURED);
      await markSkipped(db, job, this.id, settings.enabled ? NOT_CONFIGURED : 'printing is off');
      return;
    }
    const order = await readOrderFor(db, job.orderId, { staff: true });
    if (!order) {
      log.warn('print job for an order that no longer exists');
      await markSkipped(db, job, this.id, 'order not found');
      return;
    }
    const ticket = renderTicket(job.kind, order, { seller: settings.seller, timeZone: this.o.timeZone, reference: job.idempotencyKey });
    const bytes = encodeTicket(ticket);
    const printer = describeTarget(target);
    try {
      let externalJobId: string | null = null;
      if (target.type === 'printnode') {
        const client = new PrintNodeClient({ baseUrl: settings.printNodeBaseUrl, apiKey: settings.printNodeApiKey, fetch: this.options.fetch });
        const result = await client.submit({
          printerId: target.printerId,
          title: `Bakje #${order.pickupNumber} ${job.kind === 'customer' ? 'klant' : 'keuken'}`,
          content: bytes,
          source: 'Bakje',
          idempotencyKey: job.idempotencyKey,
        });
        externalJobId = result.jobId;
        if (result.duplicate) log.info({ printer }, 'print service already had this ticket');
      } else {
        await this.lan.send(target.host, target.port, bytes);
      }
      if (!(await markDone(db, job, this.id, { printer, externalJobId }))) log.warn('print job lease lost while printing');
      log.info({ printer, externalJobId }, 'ticket printed');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryable = !(error instanceof PrintNodeError) || error.retryable;
      const again = retryable && job.attempts < this.o.maxAttempts;
      log.error({ err: error, printer, retryInMs: again ? this.retryDelay(job.attempts) : null }, 'print failed');
      await markFailed(db, job, this.id, message, again ? this.retryDelay(job.attempts) : null);
    }
  }
}
