import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The HTTP server of a simulator (printing, point of sale, routing): a loopback port, closed with its open connections. */
export class SimulatorServer {
  private server: http.Server | undefined;

  constructor(private readonly handle: (request: http.IncomingMessage, response: http.ServerResponse) => void) {}

  /** Listens (port 0: any free one) and answers the simulator's base URL. */
  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = http.createServer(this.handle);
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
    return `http://${host}:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
