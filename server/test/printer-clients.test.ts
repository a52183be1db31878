import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandler } from '../src/api/http/error-handler.js';
import { registerPrintingRoutes } from '../src/api/rest/printing.js';
import { LanPrinterClient, LanPrintError } from '../src/integrations/lan-printer/lan-printer-client.js';
import { MemoryTicketStore } from '../src/integrations/printer-simulators/received-tickets.js';
import { VirtualPrinter } from '../src/integrations/printer-simulators/virtual-printer.js';
import { PrintNodeClient, PrintNodeError } from '../src/integrations/printnode/printnode-client.js';
import { PrintNodeSimulator } from '../src/integrations/printnode/printnode-simulator.js';
import { encodeTicket } from '../src/modules/printing/escpos.js';
import { parsePrinterTarget } from '../src/modules/printing/print-settings.js';

const ticket = (ref: string) => encodeTicket({ kind: 'kitchen', width: 23, lines: ['#3 AFHALEN', '1x  Bicky', `ref ${ref}`] });
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('PrintNode client against the simulator', () => {
  it('posts raw_base64 with Basic auth, gets the job id, and recognises a repeated key', async () => {
    const store = new MemoryTicketStore();
    const sim = new PrintNodeSimulator(store, { apiKey: 'secret-key' });
    const baseUrl = await sim.start();
    stops.push(() => sim.stop());
    const client = new PrintNodeClient({ baseUrl, apiKey: 'secret-key' });

    expect((await client.printers()).map((p) => p.id)).toEqual([1, 2]);
    const job = { printerId: 1, title: 'Bakje #3 keuken', content: ticket('o3-k1'), source: 'Bakje', idempotencyKey: 'o3-k1' };
    const first = await client.submit(job);
    expect(first).toEqual({ jobId: expect.stringMatching(/^\d+$/), duplicate: false });
    expect(await client.submit(job)).toEqual({ jobId: null, duplicate: true });
    const kept = await store.list();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      printer: 'printnode:1',
      idempotencyKey: 'o3-k1',
      title: 'Bakje #3 keuken',
      lines: ['#3 AFHALEN', '1x  Bicky', 'ref o3-k1'],
    });

    sim.failNext(1);
    const outage = await client.submit({ ...job, idempotencyKey: 'o3-k2' }).catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(PrintNodeError);
    expect(outage).toMatchObject({ status: 503, retryable: true });

    const wrongKey = await new PrintNodeClient({ baseUrl, apiKey: 'nope' }).submit(job).catch((e: unknown) => e);
    expect(wrongKey).toMatchObject({ status: 401, retryable: false, message: 'PrintNode answered 401: Unauthorized: API Key not found' });
    const unknownPrinter = await client.submit({ ...job, printerId: 99 }).catch((e: unknown) => e);
    expect(unknownPrinter).toMatchObject({ status: 400, retryable: false });

    const unreachable = await new PrintNodeClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }).submit(job).catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ status: null, retryable: true });
  });
});

describe('LAN printer client against the virtual printer', () => {
  it('prints over TCP, fails on a reset, keeps a resent ticket once, and sends one job at a time', async () => {
    const store = new MemoryTicketStore();
    const printer = new VirtualPrinter(store);
    const { host, port } = await printer.start();
    stops.push(() => printer.stop());
    const client = new LanPrinterClient({ settleMs: 200 });

    printer.failNext(1);
    await expect(client.send(host, port, ticket('o4-k1'))).rejects.toBeInstanceOf(LanPrintError);
    expect(await store.list()).toEqual([]);
    await client.send(host, port, ticket('o4-k1'));
    await client.send(host, port, ticket('o4-k1'));
    await Promise.all([client.send(host, port, ticket('o5-k1')), client.send(host, port, ticket('o6-k1')), client.send(host, port, ticket('o7-k1'))]);
    expect(printer.jobsReceived).toBe(6);
    expect((await store.list()).map((t) => t.idempotencyKey).reverse()).toEqual(['o4-k1', 'o5-k1', 'o6-k1', 'o7-k1']);
    await printer.stop();
    await expect(client.send(host, port, ticket('o8-k1'))).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('printer settings and the received-tickets route', () => {
  it('reads a printer as a PrintNode id or host:port', () => {
    expect(parsePrinterTarget('73001')).toEqual({ type: 'printnode', printerId: 73001 });
    expect(parsePrinterTarget('192.168.1.50:9100')).toEqual({ type: 'lan', host: '192.168.1.50', port: 9100 });
    expect(parsePrinterTarget('tcp://keuken.local:9100')).toEqual({ type: 'lan', host: 'keuken.local', port: 9100 });
    for (const bad of ['', '0', 'printer', 'host:0', 'host:70000', 'a b:9100']) expect(parsePrinterTarget(bad), bad).toBeNull();
  });

  it('refuses without authorisation and says when no virtual printer runs', async () => {
    const store = new MemoryTicketStore();
    await store.record({ printer: 'lan:127.0.0.1:9100', idempotencyKey: 'o1-c1', title: '', lines: ['a', 'b'] });
    // Like the app: zod route schemas, and domain errors mapped to their status.
    const withAppHandling = () => {
      const server = Fastify().setValidatorCompiler(validatorCompiler);
      // Nobody is signed in: the refusal says so (401).
      server.decorateRequest('viewer', async () => ({ kind: 'guest' }) as const);
      registerErrorHandler(server);
      return server;
    };
    const app = withAppHandling();
    let allowed = false;
    registerPrintingRoutes(app, { receivedTickets: store, authorize: () => allowed });
    expect((await app.inject('/api/printing/simulated-tickets')).statusCode).toBe(401);
    allowed = true;
    const ok = await app.inject('/api/printing/simulated-tickets');
    expect(ok.json().tickets).toEqual([expect.objectContaining({ idempotencyKey: 'o1-c1', text: 'a\nb', lines: ['a', 'b'] })]);
    const none = withAppHandling();
    registerPrintingRoutes(none, { receivedTickets: undefined, authorize: () => true });
    expect((await none.inject('/api/printing/simulated-tickets')).statusCode).toBe(404);
  });
});
