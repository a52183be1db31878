import net from 'node:net';
import { decodeEscPos } from './escpos-decode.js';
import type { Logger } from '../../logger.js';
import { referenceOf, type ReceivedTicketStore } from './received-tickets.js';

/**
 * A receipt printer on raw TCP (port 9100 on a real one): reads a job until the sender closes, decodes the
 * ESC/POS to text and keeps each ticket (once per reference). `failNext(n)` makes the next n jobs fail
 * with a connection reset, as a printer that is off or jammed would.
 */
export class VirtualPrinter {
  private server: net.Server | undefined;
  private failures = 0;
  private readonly sockets = new Set<net.Socket>();
  /** Every job received, duplicates included (tests check that retries reached the printer). */
  jobsReceived = 0;

  constructor(
    private readonly store: ReceivedTicketStore,
    private readonly log?: Logger,
  ) {}

  failNext(count: number) {
    this.failures = count;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<{ host: string; port: number }> {
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as net.AddressInfo;
    return { host, port: address.port };
  }

  get address(): string {
    const address = this.server?.address() as net.AddressInfo | null;
    return address ? `${address.address}:${address.port}` : '';
  }

  private accept(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    const chunks: Buffer[] = [];
    let failing = false;
    socket.on('data', (chunk) => {
      if (chunks.length === 0 && !failing && this.failures > 0) {
        this.failures -= 1;
        failing = true;
        this.jobsReceived += 1;
        socket.resetAndDestroy();
        return;
      }
      chunks.push(chunk);
    });
    socket.on('end', () => {
      if (failing) return;
      this.jobsReceived += 1;
      void this.keep(Buffer.concat(chunks)).finally(() => socket.end());
    });
  }

  private async keep(bytes: Buffer) {
    try {
      for (const ticket of decodeEscPos(bytes)) {
        const kept = await this.store.record({ printer: `lan:${this.address}`, idempotencyKey: referenceOf(ticket.lines), title: '', lines: ticket.lines });
        if (!kept) this.log?.info({ printer: this.address }, 'virtual printer: duplicate ticket ignored');
      }
    } catch (error) {
      this.log?.warn({ err: error }, 'virtual printer: could not decode a job');
    }
  }

  async stop() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}
