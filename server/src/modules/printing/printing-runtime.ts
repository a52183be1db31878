import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { DbTicketStore, type ReceivedTicketStore } from '../../integrations/printer-simulators/received-tickets.js';
import { VirtualPrinter } from '../../integrations/printer-simulators/virtual-printer.js';
import { readPrintSettings, updatePrintSettings } from './print-settings.js';

export interface PrintingRuntime {
  virtualPrinter: VirtualPrinter | undefined;
  /** Tickets the virtual printer received, for the dashboard page; undefined when it is not running. */
  receivedTickets: ReceivedTicketStore | undefined;
  /** Listens (the virtual printer, when it runs) and points the printer settings at it; once, after the server listens. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const isVirtual = (printer: string) => printer === '' || /^127\.0\.0\.1:\d+$/.test(printer);

/**
 * In demo mode, the virtual LAN printer; `start` makes it listen with the printer settings pointed at it (only
 * when they are empty or point at an earlier virtual printer, never over a real one).
 */
export function createPrinting(config: Config, database: Database, log: Logger): PrintingRuntime {
  let virtualPrinter: VirtualPrinter | undefined;
  let receivedTickets: ReceivedTicketStore | undefined;
  if (config.printing.virtualPrinter) {
    receivedTickets = new DbTicketStore(database.db);
    virtualPrinter = new VirtualPrinter(receivedTickets, log.child({ module: 'virtual-printer' }));
  }
  return {
    virtualPrinter,
    receivedTickets,
    async start() {
      if (!virtualPrinter) return;
      const { host, port } = await virtualPrinter.start(config.printing.virtualPrinterPort);
      const address = `${host}:${port}`;
      const current = await readPrintSettings(database.db);
      const patch = {
        ...(isVirtual(current.customerPrinter) ? { customerPrinter: address } : {}),
        ...(isVirtual(current.kitchenPrinter) ? { kitchenPrinter: address } : {}),
      };
      if (Object.keys(patch).length) await updatePrintSettings(database.db, patch);
      log.info({ address }, 'virtual receipt printer listening');
    },
    async stop() {
      await virtualPrinter?.stop();
    },
  };
}
