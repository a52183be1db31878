import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { decodeEscPos } from '../printer-simulators/escpos-decode.js';
import type { ReceivedTicketStore } from '../printer-simulators/received-tickets.js';
import { SimulatorServer } from '../simulator-server.js';

interface SimPrinter {
  id: number;
  name: string;
}

/**
 * Speaks the part of PrintNode's API that Bakje uses (docs/interfaces.md §4): Basic auth with the API key,
 * GET /printers, POST /printjobs with raw_base64 content -> 201 and the bare job id, errors as
 * {uid, code, message}. A repeated X-Idempotency-Key answers 409 and prints nothing. `failNext(n)` makes
 * the next n print jobs fail with a 503.
 */
export class PrintNodeSimulator {
  private readonly server = new SimulatorServer((request, response) => void this.handle(request, response));
  private failures = 0;
  private nextJobId = 5000;
  private readonly jobsByKey = new Map<string, number>();
  /** Every POST /printjobs, failed and duplicate ones included. */
  requests = 0;

  constructor(
    private readonly store: ReceivedTicketStore,
    private readonly options: { apiKey: string; printers?: SimPrinter[] },
  ) {}

  get printers(): SimPrinter[] {
    return (
      this.options.printers ?? [
        { id: 1, name: 'Keuken' },
        { id: 2, name: 'Toog' },
      ]
    );
  }

  failNext(count: number) {
    this.failures = count;
  }

  start(port = 0, host = '127.0.0.1'): Promise<string> {
    return this.server.start(port, host);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private send(response: http.ServerResponse, status: number, body: unknown) {
    const uid = randomUUID();
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': uid });
    response.end(JSON.stringify(body));
  }

  private error(response: http.ServerResponse, status: number, code: string, message: string) {
    this.send(response, status, { uid: randomUUID(), code, message });
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const expected = `Basic ${Buffer.from(`${this.options.apiKey}:`).toString('base64')}`;
    if (request.headers.authorization !== expected) return this.error(response, 401, 'Unauthorized', 'API Key not found');
    const url = new URL(request.url ?? '/', 'http://sim');
    if (request.method === 'GET' && url.pathname === '/printers') {
      return this.send(
        response,
        200,
        this.printers.map((p) => ({ id: p.id, name: p.name, state: 'online' })),
      );
    }
    if (request.method !== 'POST' || url.pathname !== '/printjobs') return this.error(response, 404, 'NotFound', 'Not found');

    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.requests += 1;
    let job: { printerId?: unknown; title?: unknown; contentType?: unknown; content?: unknown; source?: unknown };
    try {
      job = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof job;
    } catch {
      return this.error(response, 400, 'BadRequest', 'Invalid JSON');
    }
    const printer = this.printers.find((p) => p.id === job.printerId);
    if (!printer) return this.error(response, 400, 'BadRequest', `Printer ${String(job.printerId)} not found`);
    if (job.contentType !== 'raw_base64' || typeof job.content !== 'string') {
      return this.error(response, 400, 'BadRequest', 'This simulator accepts contentType raw_base64 only');
    }
    if (this.failures > 0) {
      this.failures -= 1;
      return this.error(response, 503, 'ServiceUnavailable', 'Simulated outage');
    }
    const key = typeof request.headers['x-idempotency-key'] === 'string' ? request.headers['x-idempotency-key'] : null;
    if (key && this.jobsByKey.has(`${printer.id}:${key}`)) {
      return this.error(response, 409, 'Conflict', `A print job with idempotency key ${key} already exists`);
    }
    let tickets;
    try {
      tickets = decodeEscPos(Buffer.from(job.content, 'base64'));
    } catch (error) {
      return this.error(response, 400, 'BadRequest', error instanceof Error ? error.message : 'Undecodable content');
    }
    const jobId = this.nextJobId++;
    if (key) this.jobsByKey.set(`${printer.id}:${key}`, jobId);
    for (const ticket of tickets) {
      await this.store.record({
        printer: `printnode:${printer.id}`,
        idempotencyKey: key,
        title: typeof job.title === 'string' ? job.title : '',
        lines: ticket.lines,
      });
    }
    return this.send(response, 201, jobId);
  }
}
