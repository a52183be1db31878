import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../logger.js';
import { MSP_SIMULATOR_PATH } from '../../config.js';
import {
  MSP_DUPLICATE_ORDER_ID,
  MSP_ORDER_NOT_FOUND,
  notificationAuthHeader,
  type FetchLike,
  type MspCreateOrder,
  type MspOrderStatus,
} from './multisafepay-client.js';

/**
 * MultiSafepay for demo mode and tests (docs/decisions/0030-card-payments-multisafepay.md): the JSON API of
 * docs/interfaces.md §3 under /simulators/multisafepay/v1/json, a hosted payment page where the tester picks the
 * outcome, and signed notifications with MultiSafepay's retries. Orders live in this process only: it is a
 * stand-in for a remote service, not part of the shop's state.
 */
export const MSP_SIMULATOR_ROOT = '/simulators/multisafepay';

/** What the tester can pick on the hosted payment page (uncleared is later completed or voided). */
export const simulatorScenarios = ['completed', 'declined', 'cancelled', 'expired', 'uncleared'] as const;
export type SimulatorScenario = (typeof simulatorScenarios)[number];

export interface SimulatedOrder {
  request: MspCreateOrder;
  status: MspOrderStatus;
  sessionId: string;
  transactionId: string;
  amountRefunded: number;
  created: Date;
  modified: Date;
}

export interface SimulatorControls {
  /** Delay before each API reply (the order is created before it: a time-out loses the reply, not the order). */
  replyDelayMs: number;
  /** The next n API calls answer HTTP 500 with an error, creating nothing. */
  failNext: number;
  /** The next n refunds are carried out, then their reply is held back past any client's time-out (a lost answer). */
  loseRefundReplies: number;
  /** The next n refunds are held back past any client's time-out and NOT carried out. */
  dropRefunds: number;
  /** How long a lost or dropped refund's reply is held back. */
  lostReplyMs: number;
  /** False: notifications are not sent at all (as if MultiSafepay's side were stuck). */
  sendNotifications: boolean;
  /** MultiSafepay resends 3 times, 15 minutes apart. */
  notificationRetryMs: number;
  /** Pay-page outcomes take this long before the notification goes out (terminal delay). */
  notificationDelayMs: number;
  /**
   * Terminal orders (docs/interfaces.md §3) decide themselves this long after they were created, as if a customer
   * tapped a card (demo mode, so `npm start` works alone); null: they wait for the terminals page or a test.
   */
  terminalAutoMs: number | null;
  /** What the automatic terminal does. */
  terminalAutoOutcome: TerminalOutcome;
  /** A terminal order nobody answers is cancelled after this long, as the real terminal does (60 s). */
  terminalIdleMs: number;
}

/** What a card terminal can do with a waiting order. */
export const terminalOutcomes = ['completed', 'declined', 'cancelled'] as const;
export type TerminalOutcome = (typeof terminalOutcomes)[number];

export interface MultiSafepaySimulatorOptions {
  apiKey: string;
  siteUrl: string;
  /** How notifications reach the notification_url (in-process injection or real HTTP). */
  deliver: FetchLike;
  log: Logger;
  clock?: () => Date;
}

export class MultiSafepaySimulator {
  readonly orders = new Map<string, SimulatedOrder>();
  readonly controls: SimulatorControls = {
    replyDelayMs: 0,
    failNext: 0,
    loseRefundReplies: 0,
    dropRefunds: 0,
    lostReplyMs: 2_000,
    sendNotifications: true,
    notificationRetryMs: 15 * 60_000,
    notificationDelayMs: 0,
    terminalAutoMs: null,
    terminalAutoOutcome: 'completed',
    terminalIdleMs: 60_000,
  };
  /** Notifications whose delivery got OK, and every attempt, for tests and the demo page. */
  readonly deliveries: Array<{ orderId: string; status: MspOrderStatus; ok: boolean }> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly clock: () => Date;

  constructor(private readonly options: MultiSafepaySimulatorOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** The order as GET /orders/{id} and the notification body show it. */
  view(orderId: string) {
    const order = this.orders.get(orderId);
    if (!order) return undefined;
    const { request } = order;
    return {
      order_id: request.order_id,
      transaction_id: order.transactionId,
      status: order.status,
      financial_status: order.status,
      amount: request.amount,
      amount_refunded: order.amountRefunded,
      currency: request.currency,
      description: request.description,
      custom_info: request.custom_info ?? {},
      customer: { locale: request.customer?.locale ?? null },
      payment_details: { type: request.gateway || 'MISTERCASH' },
      ...(order.request.gateway_info ? {} : { payment_url: `${this.options.siteUrl}${MSP_SIMULATOR_ROOT}/pay/${order.sessionId}` }),
      created: order.created.toISOString().slice(0, 19),
      modified: order.modified.toISOString().slice(0, 19),
    };
  }

  /** Sets an order's status as MultiSafepay would on a payment outcome, and notifies the shop. */
  setStatus(orderId: string, status: MspOrderStatus): boolean {
    const order = this.orders.get(orderId);
    if (!order) return false;
    order.status = status;
    order.modified = this.clock();
    this.later(() => this.notify(orderId, 0), this.controls.notificationDelayMs);
    return true;
  }

  /** Sends the notification of an order's current state; on anything but OK, again later (3 resends). */
  async notify(orderId: string, attempt: number): Promise<void> {
    const order = this.orders.get(orderId);
    if (!order || !this.controls.sendNotifications) return;
    const body = JSON.stringify(this.view(orderId));
    const timestamp = String(Math.floor(this.clock().getTime() / 1000));
    const url = new URL(order.request.payment_options.notification_url);
    url.searchParams.set('transactionid', orderId);
    url.searchParams.set('timestamp', timestamp);
    let ok = false;
    try {
      const response = await this.options.deliver(url.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', auth: notificationAuthHeader(this.options.apiKey, timestamp, body) },
        body,
      });
      ok = response.status === 200 && (await response.text()).slice(0, 100).includes('OK');
    } catch {
      ok = false;
    }
    this.deliveries.push({ orderId, status: order.status, ok });
    if (!ok && attempt < 3) this.later(() => this.notify(orderId, attempt + 1), this.controls.notificationRetryMs);
  }

  /** Terminal orders still waiting for a card, oldest first. */
  waitingTerminalOrders(): Array<{ orderId: string; terminalId: string; amount: number; created: Date }> {
    return [...this.orders.entries()]
      .filter(([, o]) => o.request.gateway_info?.terminal_id && o.status === 'initialized')
      .map(([orderId, o]) => ({ orderId, terminalId: o.request.gateway_info!.terminal_id, amount: o.request.amount, created: o.created }))
      .sort((a, b) => a.created.getTime() - b.created.getTime());
  }

  /** The terminal's answer to a waiting order (the terminals page's buttons, tests). False: nothing waits. */
  terminalOutcome(orderId: string, outcome: TerminalOutcome): boolean {
    const order = this.orders.get(orderId);
    if (!order?.request.gateway_info?.terminal_id || order.status !== 'initialized') return false;
    return this.setStatus(orderId, outcome);
  }

  /**
   * Cancels terminal orders idle for `terminalIdleMs` by the simulator's clock (a timer calls it; a test with
   * a simulated clock calls it after moving the clock). Answers the orders it cancelled.
   */
  expireIdleTerminals(): string[] {
    const now = this.clock().getTime();
    const expired = this.waitingTerminalOrders().filter((o) => now - o.created.getTime() >= this.controls.terminalIdleMs);
    for (const { orderId } of expired) this.setStatus(orderId, 'cancelled');
    return expired.map((o) => o.orderId);
  }

  private startTerminal(orderId: string) {
    const auto = this.controls.terminalAutoMs;
    if (auto !== null) this.later(() => void this.terminalOutcome(orderId, this.controls.terminalAutoOutcome), auto);
    // A little after the idle time, so the clock has passed it when the timer fires.
    this.later(() => void this.expireIdleTerminals(), this.controls.terminalIdleMs + 50);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(run: () => Promise<void> | void, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void Promise.resolve(run()).catch((err: unknown) => this.options.log.warn({ err }, 'simulator notification failed'));
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  register(server: FastifyInstance): void {
    const api = MSP_SIMULATOR_PATH;
    const failure = (code: number | string, info: string) => ({ success: false, error_code: code, error_info: info });
    const gate = async (request: { headers: Record<string, unknown> }, reply: { code(n: number): unknown }) => {
      if (this.controls.replyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.controls.replyDelayMs));
      if (request.headers['api_key'] !== this.options.apiKey) {
        reply.code(401);
        return failure(1032, 'Invalid API key');
      }
      if (this.controls.failNext > 0) {
        this.controls.failNext--;
        reply.code(500);
        return failure(9999, 'Simulated outage');
      }
      return undefined;
    };

    server.post(`${api}/orders`, async (request, reply) => {
      const body = request.body as Partial<MspCreateOrder> | undefined;
      const orderId = typeof body?.order_id === 'string' ? body.order_id : '';
      // Validated before the delay, so a reply lost to a time-out still leaves the order behind.
      let created: SimulatedOrder | undefined;
      let refused: ReturnType<typeof failure> | undefined;
      if (request.headers['api_key'] === this.options.apiKey && this.controls.failNext === 0) {
        if (!orderId || orderId.length > 50) refused = failure(1000, 'order_id is required (at most 50 characters)');
        else if (this.orders.has(orderId)) refused = failure(MSP_DUPLICATE_ORDER_ID, 'Invalid transaction ID');
        else if (!Number.isInteger(body?.amount) || (body?.amount ?? 0) <= 0) refused = failure(1001, 'Invalid amount');
        else if (body?.currency !== 'EUR') refused = failure(1002, 'Invalid currency');
        else if (!body.payment_options?.notification_url) refused = failure(1000, 'notification_url is required');
        else if (body.gateway === 'MISTERCASH' && !body.customer?.locale) refused = failure(1000, 'customer.locale is required for Bancontact');
        else {
          const now = this.clock();
          created = {
            request: body as MspCreateOrder,
            status: 'initialized',
            sessionId: randomBytes(12).toString('hex'),
            transactionId: String(Date.now()) + randomBytes(2).readUInt16BE(0),
            amountRefunded: 0,
            created: now,
            modified: now,
          };
          this.orders.set(orderId, created);
        }
      }
      const blocked = await gate(request, reply);
      if (blocked) {
        if (created) this.orders.delete(orderId);
        return blocked;
      }
      if (refused) return refused;
      const terminal = Boolean(created!.request.gateway_info?.terminal_id);
      if (terminal) this.startTerminal(orderId);
      return {
        success: true,
        data: {
          order_id: orderId,
          session_id: created!.sessionId,
          ...(terminal ? {} : { payment_url: `${this.options.siteUrl}${MSP_SIMULATOR_ROOT}/pay/${created!.sessionId}` }),
        },
      };
    });

    server.get(`${api}/orders/:orderId`, async (request, reply) => {
      const blocked = await gate(request, reply);
      if (blocked) return blocked;
      const view = this.view((request.params as { orderId: string }).orderId);
      return view ? { success: true, data: view } : failure(MSP_ORDER_NOT_FOUND, 'Not found');
    });

    server.post(`${api}/orders/:orderId/cancel`, async (request, reply) => {
      const blocked = await gate(request, reply);
      if (blocked) return blocked;
      const { orderId } = request.params as { orderId: string };
      const order = this.orders.get(orderId);
      if (!order) return failure(MSP_ORDER_NOT_FOUND, 'Not found');
      if (order.status !== 'initialized') return failure(1024, 'Order cannot be cancelled');
      this.setStatus(orderId, 'cancelled');
      return { success: true, data: {} };
    });

    server.post(`${api}/orders/:orderId/refunds`, async (request, reply) => {
      const blocked = await gate(request, reply);
      if (blocked) return blocked;
      const hold = () => new Promise((resolve) => setTimeout(resolve, this.controls.lostReplyMs).unref());
      if (this.controls.dropRefunds > 0) {
        this.controls.dropRefunds--;
        await hold();
        reply.code(504);
        return failure(9998, 'Simulated time-out, nothing refunded');
      }
      const lose = this.controls.loseRefundReplies > 0;
      if (lose) this.controls.loseRefundReplies--;
      const { orderId } = request.params as { orderId: string };
      const order = this.orders.get(orderId);
      const amount = (request.body as { amount?: unknown } | undefined)?.amount;
      if (!order) return failure(MSP_ORDER_NOT_FOUND, 'Not found');
      if (order.status !== 'completed' && order.status !== 'partial_refunded') return failure(1024, 'Order cannot be refunded');
      if (!Number.isInteger(amount) || (amount as number) <= 0 || (amount as number) > order.request.amount - order.amountRefunded) {
        return failure(1001, 'Invalid amount');
      }
      order.amountRefunded += amount as number;
      this.setStatus(orderId, order.amountRefunded === order.request.amount ? 'refunded' : 'partial_refunded');
      if (lose) await hold();
      return { success: true, data: { transaction_id: order.transactionId, refund_id: randomBytes(6).toString('hex') } };
    });

    const bySession = (sessionId: string) => [...this.orders.entries()].find(([, o]) => o.sessionId === sessionId);

    server.get(`${MSP_SIMULATOR_ROOT}/pay/:sessionId`, async (request, reply) => {
      const found = bySession((request.params as { sessionId: string }).sessionId);
      reply.type('text/html; charset=utf-8');
      if (!found)
        return reply
          .code(404)
          .send(page('Payment not found', '<p>This payment does not exist (the simulator forgets its orders when the server restarts).</p>'));
      const [orderId, order] = found;
      const choices: Array<[string, string]> =
        order.status === 'initialized'
          ? [
              ['completed', 'Completed (paid)'],
              ['declined', 'Declined'],
              ['cancelled', 'Cancelled by the customer'],
              ['expired', 'Expired'],
              ['uncleared', 'Uncleared (decided later)'],
            ]
          : order.status === 'uncleared'
            ? [
                ['completed', 'Clear: completed'],
                ['void', 'Clear: void'],
              ]
            : [];
      const amount = (order.request.amount / 100).toFixed(2);
      const buttons = choices.map(([value, label]) => `<button type="submit" name="scenario" value="${value}">${label}</button>`).join('\n');
      return page(
        'MultiSafepay simulator',
        `<p>Test payment, no money moves.</p>
<dl><dt>Order</dt><dd>${escapeHtml(orderId)}</dd><dt>Amount</dt><dd>EUR ${amount}</dd><dt>Method</dt><dd>${escapeHtml(order.request.gateway || 'choose on this page')}</dd><dt>Status</dt><dd data-status>${order.status}</dd></dl>
${buttons ? `<form method="post">${buttons}</form>` : '<p>This payment is finished.</p>'}`,
      );
    });

    // The card terminals: every terminal order waiting for a card, with the terminal's three answers.
    server.get(`${MSP_SIMULATOR_ROOT}/terminals`, async (_request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const waiting = this.waitingTerminalOrders();
      const rows = waiting
        .map(
          (
            o,
          ) => `<li data-order="${escapeHtml(o.orderId)}"><p>Order ${escapeHtml(o.orderId)} on terminal ${escapeHtml(o.terminalId)}: EUR ${(o.amount / 100).toFixed(2)}</p>
<form method="post" action="${MSP_SIMULATOR_ROOT}/terminals/${encodeURIComponent(o.orderId)}">${terminalOutcomes
            .map((outcome) => `<button type="submit" name="outcome" value="${outcome}">${TERMINAL_LABELS[outcome]}</button>`)
            .join('')}</form></li>`,
        )
        .join('\n');
      return page(
        'MultiSafepay terminals (simulator)',
        `<p>Test terminal, no money moves. An order nobody answers is cancelled after ${Math.round(this.controls.terminalIdleMs / 1000)} s.</p>
${rows ? `<ul>${rows}</ul>` : '<p data-empty>No terminal payment is waiting. This page does not refresh by itself: reload it.</p>'}`,
      );
    });

    server.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      scope.post(`${MSP_SIMULATOR_ROOT}/pay/:sessionId`, async (request, reply) => {
        const found = bySession((request.params as { sessionId: string }).sessionId);
        const scenario = (request.body as { scenario?: string } | undefined)?.scenario;
        if (!found) return reply.code(404).type('text/html; charset=utf-8').send(page('Payment not found', ''));
        const [orderId, order] = found;
        const allowed = order.status === 'initialized' ? simulatorScenarios : order.status === 'uncleared' ? ['completed', 'void'] : [];
        if (!scenario || !(allowed as readonly string[]).includes(scenario)) {
          return reply.code(400).type('text/html; charset=utf-8').send(page('Not possible', '<p>This outcome is not possible for this payment now.</p>'));
        }
        this.setStatus(orderId, scenario as MspOrderStatus);
        // Like MultiSafepay: cancelling returns to cancel_url, every other outcome to redirect_url.
        const back = scenario === 'cancelled' ? order.request.payment_options.cancel_url : order.request.payment_options.redirect_url;
        return reply.redirect(back ?? `${MSP_SIMULATOR_ROOT}/pay/${order.sessionId}`, 303);
      });
      // The terminals page's form (answers with the page) and tests (JSON {outcome}: answers JSON).
      scope.post(`${MSP_SIMULATOR_ROOT}/terminals/:orderId`, async (request, reply) => {
        const { orderId } = request.params as { orderId: string };
        const outcome = (request.body as { outcome?: unknown } | undefined)?.outcome;
        const json = !String(request.headers['content-type'] ?? '').includes('form');
        const ok =
          typeof outcome === 'string' && (terminalOutcomes as readonly string[]).includes(outcome) && this.terminalOutcome(orderId, outcome as TerminalOutcome);
        if (json) return reply.code(ok ? 200 : 409).send({ success: ok });
        if (!ok) return reply.code(409).type('text/html; charset=utf-8').send(page('Not possible', '<p>This terminal payment is not waiting any more.</p>'));
        return reply.redirect(`${MSP_SIMULATOR_ROOT}/terminals`, 303);
      });
    });
  }
}

const TERMINAL_LABELS: Record<TerminalOutcome, string> = { completed: 'Complete (card paid)', declined: 'Decline', cancelled: 'Cancel' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem}dt{font-weight:bold}</style>
</head><body><h1>${title}</h1>${body}</body></html>`;
}

/** A fetch that reaches this server's own routes in-process (the simulator and the shop in one process). */
export function injectFetch(server: FastifyInstance): FetchLike {
  return async (url, init) => {
    const target = new URL(url, 'http://in-process');
    const response = await server.inject({
      method: init.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: response.statusCode, text: async () => response.body };
  };
}
