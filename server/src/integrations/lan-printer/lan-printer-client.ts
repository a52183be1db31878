import net from 'node:net';

export class LanPrintError extends Error {}

/**
 * Sends raw ESC/POS bytes to a LAN printer on TCP 9100. A printer takes one job at a time
 * (docs/interfaces.md §4), so jobs to the same host:port queue behind each other in this process.
 * Success means every byte was written and the printer closed the connection or stayed quiet
 * for `settleMs` after our half-close (many printers never close first).
 */
export class LanPrinterClient {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly options: { timeoutMs?: number; settleMs?: number } = {}) {}

  send(host: string, port: number, bytes: Uint8Array): Promise<void> {
    const key = `${host}:${port}`;
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.sendNow(host, port, bytes));
    this.queues.set(key, run);
    void run
      .finally(() => {
        if (this.queues.get(key) === run) this.queues.delete(key);
      })
      .catch(() => undefined);
    return run;
  }

  private sendNow(host: string, port: number, bytes: Uint8Array): Promise<void> {
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    const settleMs = this.options.settleMs ?? 2_000;
    return new Promise((resolve, reject) => {
      let settled = false;
      let written = false;
      let settleTimer: NodeJS.Timeout | undefined;
      const finish = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(settleTimer);
        socket.destroy();
        if (error) reject(error);
        else resolve();
      };
      const socket = net.createConnection({ host, port });
      socket.setTimeout(timeoutMs, () => finish(new LanPrintError(`printer ${host}:${port} timed out`)));
      socket.on('error', (error) => finish(new LanPrintError(`printer ${host}:${port}: ${error.message}`)));
      socket.on('data', () => undefined);
      socket.on('close', (hadError) => {
        if (hadError) return;
        if (written) finish();
        else finish(new LanPrintError(`printer ${host}:${port} closed the connection early`));
      });
      socket.on('connect', () => {
        socket.end(Buffer.from(bytes), () => {
          written = true;
          settleTimer = setTimeout(() => finish(), settleMs);
        });
      });
    });
  }
}
