import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { KioskSession } from '@bakje/contract';
import type { Config } from '../../config.js';
import { DomainError } from '../../errors/domain-error.js';
import type { KioskDevices } from '../../modules/kiosk/kiosk-devices.js';
import type { KioskEvents } from '../../modules/kiosk/kiosk-events.js';
import type { KioskOrders } from '../../modules/kiosk/kiosk-orders.js';
import { tokenFromHeader, SessionTokenError, type SessionTokens } from '../../modules/session/session-token.js';
import { openSse, type SseConnection, type SseOptions } from '../events/sse.js';
import { OpenStreams, type StreamLimits } from '../events/stream-limits.js';
import { idParams } from '../http/route-schemas.js';
import { isHttps, requireStaff } from '../http/viewer.js';

/** The kiosk page's cookie: random, httpOnly; the server keeps only its sha256 (docs/decisions/0041-kiosk-devices.md). */
export const KIOSK_COOKIE = 'bakje_kiosk';
/** A paired kiosk stays paired for a year of not being unpaired; each session read renews the cookie. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

const pairBody = z.object({ code: z.string().max(40) }).strict();
const checkoutBody = z
  .object({
    fulfilment: z.enum(['takeaway', 'dinein']),
    paymentMethod: z.enum(['terminal', 'counter']),
    lang: z.enum(['nl', 'fr', 'en']),
    /** The age the customer confirmed on the kiosk's question (16 or 18), when the basket holds 16+ or 18+ products. */
    confirmedAge: z.union([z.literal(16), z.literal(18)]).optional(),
    /** "Ik breng mijn eigen pot mee" for the basket's products whose category allows it. */
    ownContainer: z.boolean().optional(),
  })
  .strict();
const terminalBody = z.preprocess((v) => v ?? {}, z.object({ lang: z.enum(['nl', 'fr', 'en']).optional() }).strict());
const counterPaymentBody = z.object({ method: z.enum(['cash', 'card']) }).strict();

export interface KioskRoutesDeps {
  config: Config;
  devices: KioskDevices;
  orders: KioskOrders;
  events: KioskEvents;
  tokens: SessionTokens;
  sse: SseOptions;
  limits: StreamLimits;
}

/**
 * The kiosk (issue 15, contract/src/kiosk.ts): the dashboard's devices, attract loop and suggestions (`settings.manage`),
 * the kiosk page's own session, pairing, events and orders (its device cookie, no staff login), and the
 * kitchen's confirmation of a counter payment (`orders.status`).
 */
export function registerKioskRoutes(server: FastifyInstance, deps: KioskRoutesDeps): void {
  const api = server.withTypeProvider<ZodTypeProvider>();
  const manage = { preValidation: requireStaff('settings.manage') };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  api.get('/api/dashboard/kiosks', manage, async (_request, reply) => {
    noStore(reply);
    return deps.devices.list();
  });
  api.post('/api/dashboard/kiosks', manage, async (request, reply) => {
    reply.code(201);
    return deps.devices.create(request.body);
  });
  api.get('/api/dashboard/kiosks/:id', { ...manage, schema: { params: idParams } }, async (request, reply) => {
    noStore(reply);
    return deps.devices.get(request.params.id);
  });
  api.put('/api/dashboard/kiosks/:id', { ...manage, schema: { params: idParams } }, async (request) => deps.devices.update(request.params.id, request.body));
  api.delete('/api/dashboard/kiosks/:id', { ...manage, schema: { params: idParams } }, async (request, reply) => {
    await deps.devices.delete(request.params.id);
    return reply.code(204).send();
  });
  api.post('/api/dashboard/kiosks/:id/pair', { ...manage, schema: { params: idParams, body: pairBody } }, async (request) => {
    const viewer = await request.viewer();
    return deps.devices.pair(request.params.id, request.body.code, { ip: request.ip, staffId: viewer.kind === 'staff' ? viewer.id : 0 });
  });
  api.post('/api/dashboard/kiosks/:id/unpair', { ...manage, schema: { params: idParams } }, async (request) => deps.devices.unpair(request.params.id));
  api.get('/api/dashboard/kiosk-attract', manage, async (_request, reply) => {
    noStore(reply);
    return deps.devices.attract();
  });
  api.put('/api/dashboard/kiosk-attract', manage, async (request) => deps.devices.saveAttract(request.body));
  api.get('/api/dashboard/kiosk-suggestions', manage, async (_request, reply) => {
    noStore(reply);
    return deps.devices.suggestions();
  });
  api.put('/api/dashboard/kiosk-suggestions', manage, async (request) => deps.devices.saveSuggestions(request.body));

  const cookieOf = (request: FastifyRequest) => request.cookies[KIOSK_COOKIE];
  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(KIOSK_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: isHttps(request, deps.config),
      maxAge: COOKIE_MAX_AGE_SECONDS,
    });
  const answerSession = async (request: FastifyRequest, reply: FastifyReply, fresh: boolean): Promise<KioskSession> => {
    noStore(reply);
    const current = cookieOf(request);
    const { session, token } = await deps.devices.session(current, request.ip, fresh);
    if (token) setCookie(request, reply, token);
    else if (current && session.state === 'paired') setCookie(request, reply, current);
    return session;
  };
  api.get('/api/kiosk/session', async (request, reply) => answerSession(request, reply, false));
  // A new code for a page whose code expired (or that was unpaired). A paired page keeps its device.
  api.post('/api/kiosk/pairing', async (request, reply) => answerSession(request, reply, true));

  const device = (request: FastifyRequest) => deps.devices.requireDevice(cookieOf(request));
  const cartKey = async (request: FastifyRequest): Promise<string> => {
    const token = tokenFromHeader(request.headers['woocommerce-session']);
    if (!token) throw new DomainError('INVALID_SESSION', 'Send the cart with its woocommerce-session header.');
    try {
      const session = await deps.tokens.verify(token);
      // A kiosk has no customer login: only a guest cart can be checked out here.
      if (!session.key.startsWith('g_')) throw new DomainError('INVALID_SESSION', 'A kiosk checks out guest carts only.');
      return session.key;
    } catch (error) {
      if (error instanceof SessionTokenError) throw new DomainError('INVALID_SESSION', error.message);
      throw error;
    }
  };
  api.post('/api/kiosk/orders', { schema: { body: checkoutBody } }, async (request, reply) => {
    const kiosk = await device(request);
    const view = await deps.orders.checkout(kiosk, await cartKey(request), request.body);
    noStore(reply).code(201);
    return view;
  });
  api.get('/api/kiosk/orders/:id', { schema: { params: idParams } }, async (request, reply) => {
    noStore(reply);
    return deps.orders.view(await device(request), request.params.id);
  });
  api.post('/api/kiosk/orders/:id/terminal', { schema: { params: idParams, body: terminalBody } }, async (request) =>
    deps.orders.terminal(await device(request), request.params.id, (request.body as { lang?: string }).lang),
  );
  api.post('/api/kiosk/orders/:id/cancel', { schema: { params: idParams } }, async (request) => deps.orders.cancel(await device(request), request.params.id));
  api.post('/api/kiosk/orders/:id/counter', { schema: { params: idParams } }, async (request) => deps.orders.counter(await device(request), request.params.id));

  api.post(
    '/api/kitchen/orders/:id/counter-payment',
    { preValidation: requireStaff('orders.status'), schema: { params: idParams, body: counterPaymentBody } },
    async (request) => deps.orders.confirmCounterPayment(request.params.id, request.body),
  );

  // GET /api/kiosk/events: `paired` (to the page showing the code), `unpaired` and `config` (to a paired page).
  const open = new Set<SseConnection>();
  server.addHook('preClose', async () => {
    for (const connection of open) connection.close();
  });
  const streams = new OpenStreams(deps.limits);
  let id = 0;
  server.get('/api/kiosk/events', { exposeHeadRoute: false }, async (request, reply) => {
    const token = cookieOf(request);
    const paired = await deps.devices.deviceOf(token);
    const pending = paired ? undefined : await deps.devices.pendingPairing(token);
    if (!paired && !pending) throw new DomainError('KIOSK_NOT_PAIRED', 'This kiosk is not paired. Pair it in the dashboard with the code it shows.');
    const admission = streams.admit(request.ip);
    if (!admission.admitted) {
      reply.header('retry-after', '30');
      throw new DomainError('TOO_MANY_STREAMS', 'The server has too many open event streams right now. Try again in a moment.');
    }
    const connection = openSse(request, reply, deps.sse);
    open.add(connection);
    connection.onClose(() => open.delete(connection));
    connection.onClose(admission.release);
    const stop = deps.events.listen(paired ? { deviceId: paired.id } : { pairingId: pending!.id }, (event, options) => {
      connection.send({ id: ++id, event, data: {} });
      if (options.close) connection.close();
    });
    connection.onClose(stop);
  });
}
