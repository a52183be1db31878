// The checkout benchmark (issue 3 "Speed"): `customers` concurrent customers, each in a loop: a new guest
// session, addToCart, then checkout (cash, takeaway, a time slot with room), through real HTTP and GraphQL
// on keep-alive connections. Reports checkouts per second and p50/p90/p99 of each request and of the
// whole add-to-cart + checkout flow.
import http from 'node:http';
import net from 'node:net';

const ADD_TO_CART = `mutation Add($productId: Int!) {
  addToCart(input: { productId: $productId, quantity: 2 }) { cart { total(format: RAW) contents { itemCount } } }
}`;
const CHECKOUT = `mutation Checkout($input: CheckoutInput!) {
  checkout(input: $input) { result order { databaseId status pickupNumber total(format: RAW) } }
}`;
const SLOTS = `query Slots($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id slotId remaining } }`;
const DAYS = `{ orderingDays(type: TAKEAWAY, count: 7) { date hasSlots } }`;
const PRODUCT = `query P($slug: ID!) { product(id: $slug, idType: SLUG) { databaseId name ... on SimpleProduct { stockStatus } } }`;

const BILLING = { firstName: 'Bench', lastName: 'Klant', phone: '0470 00 00 00', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

function post(agent, port, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, json, text, headers: response.headers });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${path}: no answer within 30 s`)));
    request.on('error', reject);
    request.end(payload);
  });
}

async function gql(agent, port, query, variables, token) {
  const response = await post(agent, port, '/graphql', { query, variables }, token ? { 'woocommerce-session': `Session ${token}` } : {});
  if (response.status !== 200 || !response.json || response.json.errors) {
    const message = response.json?.errors?.map((e) => e.message).join('; ') ?? response.text.slice(0, 200);
    throw new Error(`HTTP ${response.status}: ${message}`);
  }
  return response;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] * 10) / 10;
}

function summary(values) {
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
}

/**
 * The shop's receipt printer for the bench: a raw TCP 9100-style listener in this process that takes the
 * tickets (one or several per connection, as the server sends them) and notes when each ticket's reference
 * (`ref o<order>-c1`, printed as its last line) arrived. Outside the server, like a printer on the shop's network.
 */
export async function startReceiptPrinter() {
  /** Reference -> arrival time (performance.now()), the first time it arrived. */
  const arrived = new Map();
  let copies = 0;
  const server = net.createServer((socket) => {
    let text = '';
    let scanned = 0;
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      const now = performance.now();
      text += chunk;
      const pattern = /ref (o\d+-[a-z0-9]+)/g;
      pattern.lastIndex = scanned;
      let match;
      while ((match = pattern.exec(text))) {
        if (arrived.has(match[1])) copies++;
        else arrived.set(match[1], now);
        scanned = pattern.lastIndex;
      }
    });
    socket.on('end', () => socket.end());
    socket.on('error', () => undefined);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${server.address().port}`,
    tickets: () => arrived.size,
    arrivals: () => arrived,
    /** Tickets that arrived a second time (a retry after a failed or cut-off send). */
    copies: () => copies,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Sets up what the customers need: a slot with room and the printer (bench route), a product, and tomorrow's slot times. */
async function prepare(port, productSlug, printer) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const fixture = await post(agent, port, '/api/_bench/checkout-slot', JSON.stringify({ printer: printer.address }));
    if (fixture.status !== 200) throw new Error(`POST /api/_bench/checkout-slot answered ${fixture.status} (is BAKJE_BENCH_ROUTES=true?)`);
    const { slotId } = fixture.json;
    const product = (await gql(agent, port, PRODUCT, { slug: productSlug })).json.data.product;
    if (!product || product.stockStatus !== 'IN_STOCK') throw new Error(`product ${productSlug} is missing or not in stock`);
    // The first ordering day after today: every time of the day is then beyond the lead time.
    const days = (await gql(agent, port, DAYS)).json.data.orderingDays.filter((d) => d.hasSlots);
    const day = days[1] ?? days[0];
    if (!day) throw new Error('no ordering day with takeaway slots');
    const options = (await gql(agent, port, SLOTS, { date: day.date })).json.data.availableTimeSlots.filter((o) => o.slotId === slotId);
    if (options.length === 0) throw new Error(`the bench slot ${slotId} offers no time on ${day.date}`);
    return { productId: product.databaseId, productName: product.name, date: day.date, slotOptions: options.map((o) => o.id) };
  } finally {
    agent.destroy();
  }
}

/**
 * Runs `customers` loops for `warmupS` (discarded) then `durationS` seconds. Every answer is checked:
 * a checkout must return an order in status PROCESSING; anything else counts as an error (and the first
 * few are kept to show). `extraInput(n)`: more fields for the n-th checkout's input (the notifications bench gives each customer an SMS
 * number, bench/notifications.mjs).
 */
export async function benchCheckout({ port, customers = 20, durationS = 10, warmupS = 2, productSlug = 'fristi', extraInput, log = () => {} }) {
  const printer = await startReceiptPrinter();
  const setup = await prepare(port, productSlug, printer);
  log(`checkout: ${customers} customers, product ${setup.productName} x2, takeaway on ${setup.date} over ${setup.slotOptions.length} slot times`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: customers });
  const add = [];
  const checkout = [];
  const flow = [];
  const errors = [];
  let completed = 0;
  /** Orders placed, warm-up included: each prints two tickets. Order id -> when its checkout answered. */
  const placedAt = new Map();
  let placed = 0;
  let measuring = false;
  let next = 0;
  const started = performance.now();
  const warmupEnd = started + warmupS * 1000;
  const end = warmupEnd + durationS * 1000;

  async function customer() {
    while (performance.now() < end) {
      const n = next++;
      const slot = setup.slotOptions[n % setup.slotOptions.length];
      const inWindow = measuring;
      try {
        const t0 = performance.now();
        const added = await gql(agent, port, ADD_TO_CART, { productId: setup.productId });
        const t1 = performance.now();
        const token = added.headers['woocommerce-session'];
        if (typeof token !== 'string') throw new Error('addToCart issued no woocommerce-session token');
        if (added.json.data.addToCart.cart.contents.itemCount !== 2) throw new Error('the cart does not hold the 2 items just added');
        const input = {
          paymentMethod: 'cod',
          billing: BILLING,
          metaData: [
            { key: 'fulfilment_type', value: 'takeaway' },
            { key: 'time_slot', value: slot },
          ],
          ...extraInput?.(n),
        };
        const done = await gql(agent, port, CHECKOUT, { input }, token);
        const t2 = performance.now();
        const result = done.json.data.checkout;
        if (result.result !== 'success' || result.order?.status !== 'PROCESSING') throw new Error(`checkout answered ${JSON.stringify(result)}`);
        placed++;
        placedAt.set(result.order.databaseId, t2);
        if (inWindow && measuring) {
          add.push(t1 - t0);
          checkout.push(t2 - t1);
          flow.push(t2 - t0);
          completed++;
        }
      } catch (error) {
        if (errors.length < 5) errors.push(error instanceof Error ? error.message : String(error));
        errors.count = (errors.count ?? 0) + 1;
      }
    }
  }

  const switcher = setTimeout(() => {
    measuring = true;
  }, warmupS * 1000);
  let measuredFrom;
  const markStart = setTimeout(() => {
    measuredFrom = performance.now();
  }, warmupS * 1000);
  await Promise.all(Array.from({ length: customers }, customer));
  clearTimeout(switcher);
  clearTimeout(markStart);
  const seconds = (performance.now() - (measuredFrom ?? started)) / 1000;
  agent.destroy();
  // Every order prints a customer and a kitchen ticket on the bench's printer. Printing must keep up: wait up
  // to 10 s after the load stops for the last ones, then measure from each checkout answer to its ticket.
  const loadEnd = performance.now();
  const expected = placed * 2;
  while (printer.tickets() < expected && performance.now() - loadEnd < 10_000) await new Promise((r) => setTimeout(r, 20));
  const ticketsPrinted = printer.tickets();
  const ticketLatency = [];
  let lastArrival = -Infinity;
  for (const [ref, at] of printer.arrivals()) {
    const orderId = Number(/^o(\d+)-/.exec(ref)[1]);
    const sent = placedAt.get(orderId);
    if (sent !== undefined) ticketLatency.push(at - sent);
    lastArrival = Math.max(lastArrival, at);
  }
  const ticketCopies = printer.copies();
  await printer.close();
  return {
    customers,
    durationS: Math.round(seconds * 100) / 100,
    product: setup.productName,
    slotDate: setup.date,
    checkouts: completed,
    checkoutsPerSec: Math.round((completed / seconds) * 10) / 10,
    addToCartMs: summary(add),
    checkoutMs: summary(checkout),
    flowMs: summary(flow),
    errors: errors.count ?? 0,
    errorSamples: errors.slice(0, 5),
    /** Orders placed (warm-up included) and the tickets the bench's printer received by 10 s after the load stopped. */
    ordersPlaced: placed,
    ticketsExpected: expected,
    ticketsPrinted,
    ticketCopies,
    allTicketsPrinted: ticketsPrinted === expected,
    /** From each checkout's answer to its ticket arriving on the LAN printer (every ticket that arrived). */
    ticketMs: summary(ticketLatency),
    /** When the last ticket arrived, counted from the moment the load stopped (negative: before it stopped). */
    lastTicketAfterLoadMs: Number.isFinite(lastArrival) ? Math.round(lastArrival - loadEnd) : null,
  };
}
