import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSP_SIMULATOR_API_KEY, MSP_SIMULATOR_PATH } from '../src/config.js';
import { MultiSafepayClient, verifyNotification, type FetchLike, type MspCreateOrder } from '../src/integrations/multisafepay/multisafepay-client.js';
import { MultiSafepaySimulator, injectFetch } from '../src/integrations/multisafepay/multisafepay-simulator.js';
import { createLogger } from '../src/logger.js';
import { MultiSafepayGateway, mspOrderFor } from '../src/modules/payments/gateways/multisafepay.js';
import { waitFor } from './support/wait.js';

/** MultiSafepay's terminal mode (docs/interfaces.md §3): the client and the simulator over real HTTP (in-process injection). */
describe('MultiSafepay terminal orders on the simulator', () => {
  let server: FastifyInstance;
  let simulator: MultiSafepaySimulator;
  let client: MultiSafepayClient;
  let now = new Date('2026-11-21T09:00:00Z');
  /** What the shop's notification endpoint received. */
  const received: Array<{ body: string; auth: string }> = [];
  const shop: FetchLike = async (_url, init) => {
    received.push({ body: init.body ?? '', auth: init.headers['auth'] ?? '' });
    return { status: 200, text: async () => 'OK' };
  };
  let next = 0;
  const terminalOrder = (): MspCreateOrder =>
    mspOrderFor({
      providerOrderId: `k${++next}`,
      gateway: 'kiosk_terminal',
      amount: 560,
      currency: 'EUR',
      description: `Order k${next}`,
      locale: 'nl_BE',
      customer: {
        firstName: '',
        lastName: '',
        company: '',
        address1: '',
        address2: '',
        city: '',
        postcode: '',
        country: 'BE',
        state: '',
        email: '',
        phone: '',
      },
      shippingLabel: 'takeaway',
      shippingCost: 0,
      reference: String(next),
      notificationUrl: 'http://shop.test/api/payments/multisafepay/notification',
      redirectUrl: 'http://shop.test/confirm',
      cancelUrl: 'http://shop.test/cancel',
      terminalId: 'T-1',
    });

  beforeAll(async () => {
    server = Fastify();
    simulator = new MultiSafepaySimulator({
      apiKey: MSP_SIMULATOR_API_KEY,
      siteUrl: 'http://shop.test',
      deliver: shop,
      log: createLogger('silent'),
      clock: () => now,
    });
    simulator.register(server);
    await server.ready();
    client = new MultiSafepayClient({ apiKey: MSP_SIMULATOR_API_KEY, baseUrl: MSP_SIMULATOR_PATH, timeoutMs: 2000, fetch: injectFetch(server) });
  });
  afterAll(async () => {
    simulator.stop();
    await server.close();
  });

  it('sends a terminal order with gateway "", the terminal id and no return URLs; it waits without a payment page', async () => {
    const order = terminalOrder();
    expect(order).toMatchObject({ gateway: '', gateway_info: { terminal_id: 'T-1' } });
    expect(order.payment_options).toEqual({ notification_url: expect.any(String), notification_method: 'POST' });
    const created = await client.createOrder(order);
    expect(created).toMatchObject({ success: true, data: { order_id: order.order_id } });
    expect(created.success && created.data.payment_url).toBeFalsy();
    expect(await client.getOrder(order.order_id)).toMatchObject({ success: true, data: { status: 'initialized' } });
  });

  it('lists waiting terminal orders on the terminals page; its Complete button pays and notifies, signed', async () => {
    const order = terminalOrder();
    await client.createOrder(order);
    const page = await server.inject({ method: 'GET', url: '/simulators/multisafepay/terminals' });
    expect(page.body).toContain(`data-order="${order.order_id}"`);
    for (const label of ['Complete', 'Decline', 'Cancel']) expect(page.body).toContain(label);
    const before = received.length;
    const pressed = await server.inject({
      method: 'POST',
      url: `/simulators/multisafepay/terminals/${order.order_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=completed',
    });
    expect(pressed.statusCode).toBe(303);
    expect(await client.getOrder(order.order_id)).toMatchObject({ data: { status: 'completed' } });
    await waitFor('the notification', async () => received.length > before);
    const sent = received[received.length - 1]!;
    expect(verifyNotification(MSP_SIMULATOR_API_KEY, sent.auth, sent.body, now)).toMatchObject({ ok: true });
    expect(JSON.parse(sent.body)).toMatchObject({ order_id: order.order_id, status: 'completed' });
    // Not waiting any more: gone from the page, and a second answer is refused.
    expect((await server.inject({ method: 'GET', url: '/simulators/multisafepay/terminals' })).body).not.toContain(`data-order="${order.order_id}"`);
    const twice = await server.inject({ method: 'POST', url: `/simulators/multisafepay/terminals/${order.order_id}`, payload: { outcome: 'declined' } });
    expect(twice.statusCode).toBe(409);
  });

  it('cancels a waiting terminal order through the API (once), through the provider interface', async () => {
    const order = terminalOrder();
    await client.createOrder(order);
    const provider = new MultiSafepayGateway(client);
    expect(await provider.cancel(order.order_id)).toEqual({ success: true, data: null });
    expect(await provider.find(order.order_id)).toMatchObject({ success: true, data: { status: 'failed', providerStatus: 'cancelled' } });
    expect(await provider.cancel(order.order_id)).toMatchObject({ success: false, code: '1024' });
  });

  it('declines on a test call', async () => {
    const order = terminalOrder();
    await client.createOrder(order);
    const answer = await server.inject({ method: 'POST', url: `/simulators/multisafepay/terminals/${order.order_id}`, payload: { outcome: 'declined' } });
    expect(answer.json()).toEqual({ success: true });
    expect(await client.getOrder(order.order_id)).toMatchObject({ data: { status: 'declined' } });
  });

  it('cancels a terminal order nobody answers after 60 s, by its clock', async () => {
    const order = terminalOrder();
    await client.createOrder(order);
    now = new Date(now.getTime() + 59_999);
    expect(simulator.expireIdleTerminals()).not.toContain(order.order_id);
    now = new Date(now.getTime() + 1);
    expect(simulator.expireIdleTerminals()).toContain(order.order_id);
    expect(await client.getOrder(order.order_id)).toMatchObject({ data: { status: 'cancelled' } });
  });

  it('completes by itself after the configured delay (demo mode)', async () => {
    simulator.controls.terminalAutoMs = 30;
    try {
      const order = terminalOrder();
      await client.createOrder(order);
      await waitFor('the automatic terminal', async () => {
        const found = await client.getOrder(order.order_id);
        return found.success && found.data.status === 'completed';
      });
    } finally {
      simulator.controls.terminalAutoMs = null;
    }
  });
});
