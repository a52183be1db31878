import http from 'node:http';
import type { PosProductFields } from './cloudpos-client.js';
import { SimulatorServer } from '../simulator-server.js';

interface SimRecord {
  id: string;
  name: string;
  deleted: boolean;
}

type SimProduct = SimRecord & Omit<PosProductFields, 'name'>;

/** One call the simulator answered (or refused), in arrival order. */
export interface SimCall {
  method: string;
  body: Record<string, unknown>;
  status: number;
}

const MAX_BODY = 64 * 1024;

/**
 * A point-of-sale system speaking the protocol of cloudpos-client.ts (docs/interfaces.md §7), with its own
 * store and ids, for the demo and the tests. `down` refuses every call with 503, `latencyMs` delays every
 * answer, `failNext(n)` makes the next n calls fail.
 */
export class CloudPosSimulator {
  private readonly server = new SimulatorServer((request, response) => void this.handle(request, response));
  private nextId = 1000;
  private failures = 0;
  readonly categories = new Map<string, SimRecord>();
  readonly products = new Map<string, SimProduct>();
  /** Every call, refused ones included. */
  readonly calls: SimCall[] = [];
  down = false;
  latencyMs = 0;

  constructor(private readonly options: { apiKey: string }) {}

  failNext(count: number) {
    this.failures = count;
  }

  /** The successful writes (inserts and updates), in order: what reached the point of sale. */
  writes(): SimCall[] {
    return this.calls.filter((c) => c.status === 200 && /\.(insert|update)$/.test(c.method));
  }

  start(port = 0, host = '127.0.0.1'): Promise<string> {
    return this.server.start(port, host);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private async readBody(request: http.IncomingMessage): Promise<Record<string, unknown> | null> {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) return null;
      chunks.push(chunk as Buffer);
    }
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const method = (request.url ?? '/').replace(/^\/+/, '').split('?')[0]!;
    const body = (await this.readBody(request)) ?? {};
    const answer = (status: number, value: unknown) => {
      this.calls.push({ method, body, status });
      const send = () => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (this.latencyMs > 0) setTimeout(send, this.latencyMs).unref();
      else send();
    };
    if (request.method !== 'POST') return answer(405, { error: 'POST only' });
    if (request.headers.authorization !== `Bearer ${this.options.apiKey}`) return answer(401, { error: 'invalid api key' });
    if (this.down) return answer(503, { error: 'maintenance' });
    if (this.failures > 0) {
      this.failures -= 1;
      return answer(500, { error: 'internal error' });
    }
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
    switch (method) {
      case 'category.select':
        return answer(
          200,
          [...this.categories.values()].filter((c) => !c.deleted).map(({ id, name }) => ({ id, name })),
        );
      case 'category.insert': {
        if (!name) return answer(400, { error: 'name is required' });
        const created = { id: String(this.nextId++), name, deleted: false };
        this.categories.set(created.id, created);
        return answer(200, { id: created.id });
      }
      case 'category.update': {
        const found = this.categories.get(id);
        if (!found) return answer(404, { error: 'category not found' });
        if (!name) return answer(400, { error: 'name is required' });
        found.name = name;
        return answer(200, { success: true });
      }
      case 'product.select':
        return answer(
          200,
          [...this.products.values()].filter((p) => body.show_deleted === true || !p.deleted).map(({ id, name }) => ({ id, name })),
        );
      case 'product.insert':
      case 'product.update': {
        const fields = productFields(body);
        if (typeof fields === 'string') return answer(400, { error: fields });
        if (method === 'product.insert') {
          const created = { id: String(this.nextId++), deleted: false, ...fields };
          this.products.set(created.id, created);
          return answer(200, { id: created.id });
        }
        const found = this.products.get(id);
        if (!found) return answer(404, { error: 'product not found' });
        Object.assign(found, fields);
        return answer(200, { success: true });
      }
      default:
        return answer(404, { error: `unknown method ${method}` });
    }
  }
}

const money = /^\d{1,7}\.\d{2}$/;

function productFields(body: Record<string, unknown>): PosProductFields | string {
  const { name, price, purchaseprice, tax, tax_table, quantity } = body;
  if (typeof name !== 'string' || name.trim() === '') return 'name is required';
  if (typeof price !== 'string' || !money.test(price)) return 'price must be like "3.50"';
  if (typeof purchaseprice !== 'string' || !money.test(purchaseprice)) return 'purchaseprice must be like "1.20"';
  if (!Number.isInteger(tax) || !Number.isInteger(tax_table)) return 'tax and tax_table must be whole percentages';
  if (!Number.isInteger(quantity)) return 'quantity must be a whole number';
  return { name: name.trim(), price, purchaseprice, tax: tax as number, tax_table: tax_table as number, quantity: quantity as number };
}
