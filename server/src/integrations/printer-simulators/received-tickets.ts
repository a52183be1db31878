import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { simulatedTickets } from '../../db/schema/index.js';

export interface ReceivedTicket {
  id: number;
  /** "lan:127.0.0.1:9100" or "printnode:1". */
  printer: string;
  idempotencyKey: string | null;
  title: string;
  lines: string[];
  receivedAt: string;
}

export type NewTicket = Omit<ReceivedTicket, 'id' | 'receivedAt'>;

/**
 * What the simulated printers printed. A ticket that arrives again with the same key for the same printer
 * is a retry and is kept once: that is what the print path's exactly-once guarantee is checked against.
 */
export interface ReceivedTicketStore {
  /** Returns false when this key was already printed on this printer. */
  record(ticket: NewTicket): Promise<boolean>;
  list(limit?: number): Promise<ReceivedTicket[]>;
}

export class MemoryTicketStore implements ReceivedTicketStore {
  private readonly tickets: ReceivedTicket[] = [];

  async record(ticket: NewTicket): Promise<boolean> {
    if (ticket.idempotencyKey && this.tickets.some((t) => t.printer === ticket.printer && t.idempotencyKey === ticket.idempotencyKey)) return false;
    this.tickets.push({ ...ticket, id: this.tickets.length + 1, receivedAt: new Date().toISOString() });
    return true;
  }

  async list(limit = 100): Promise<ReceivedTicket[]> {
    return this.tickets.slice(-limit).reverse();
  }
}

/** Keeps the tickets in the database so the virtual printer page survives restarts and sees every instance. */
export class DbTicketStore implements ReceivedTicketStore {
  constructor(private readonly db: DbOrTx) {}

  async record(ticket: NewTicket): Promise<boolean> {
    const inserted = await this.db
      .insert(simulatedTickets)
      .values({ printer: ticket.printer, idempotencyKey: ticket.idempotencyKey, title: ticket.title, text: ticket.lines.join('\n') })
      .onConflictDoNothing()
      .returning({ id: simulatedTickets.id });
    return inserted.length > 0;
  }

  async list(limit = 100): Promise<ReceivedTicket[]> {
    const rows = await this.db.select().from(simulatedTickets).orderBy(desc(simulatedTickets.id)).limit(limit);
    return rows.map((row) => ({
      id: row.id,
      printer: row.printer,
      idempotencyKey: row.idempotencyKey,
      title: row.title,
      lines: row.text.split('\n'),
      receivedAt: row.receivedAt.toISOString(),
    }));
  }
}

/** The ticket's own reference line ("ref o12-kitchen-1"), which is how a LAN printer job carries its key. */
export function referenceOf(lines: string[]): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = /^\s*ref (\S+)\s*$/.exec(lines[i]!);
    if (match) return match[1]!;
  }
  return null;
}
