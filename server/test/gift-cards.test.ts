import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { GIFT_CARD_META, issueGiftCard, looksLikeGiftCard, newGiftCardCode, redeemGiftCard } from '../src/modules/gift-cards/gift-cards.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, cartSession, startTestApp } from './support/server.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { waitFor } from './support/wait.js';

// Saturday 21 November 2026, 10:00 in Brussels.
const NOW = new Date('2026-11-21T09:00:00Z');
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { total(format: RAW) } } }`;
const APPLY = `mutation($code: String!) { applyCoupon(input: {code: $code}) { cart { total(format: RAW) appliedGiftCards { code amount(format: RAW) balance(format: RAW) reason } } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId status total(format: RAW) giftCards { code amount(format: RAW) } } } }`;
const billing = { firstName: 'Lies', lastName: 'Claes', phone: '0470 11 22 33', address1: 'Kouter 2', city: 'Gent', postcode: '9000' };

describe.each(databaseKinds)('gift cards (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let manager: Browser;
  let writer: CreatedApiKey;
  let frikandel: number;
  let giftCard25: number;
  let now = NOW;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } });
    frikandel = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 300, maxQuantity: 100 })).id;
    giftCard25 = (
      await aProduct(db, {
        slug: 'cadeaubon-25',
        name: { nl: 'Cadeaubon €25' },
        regularPrice: 2500,
        vatRateTakeaway: 0,
        vatRateOnSite: 0,
        metaData: [{ key: GIFT_CARD_META, value: 'yes' }],
      })
    ).id;
    await db.insert(t.timeSlots).values({ type: 'takeaway', startTime: '18:00', endTime: '20:00', intervalMinutes: 15, maxOrders: 100, repeatDays: [6] });
    writer = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write' });
    app = await startTestApp(testDb.database, {}, () => now);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    manager = new Browser(() => app);
    expect((await manager.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' })).body.data.login.viewer.role).toBe('admin');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const db = () => testDb.database.db;
  const cardByCode = async (code: string) =>
    (
      await db()
        .select()
        .from(t.giftCards)
        .where(eq(t.giftCards.code, code.replace(/-/g, '')))
    )[0]!;
  const movementsOf = (id: number) => db().select().from(t.giftCardMovements).where(eq(t.giftCardMovements.giftCardId, id)).orderBy(t.giftCardMovements.id);
  const slot = async (shop: ReturnType<typeof cartSession>) =>
    (await shop(`{ availableTimeSlots(type: TAKEAWAY, date: "2026-11-21") { id } }`)).data.availableTimeSlots[0].id;
  const checkoutInput = (slotId: string, email: string) => ({
    paymentMethod: 'cod',
    billing: { ...billing, email },
    metaData: [
      { key: 'fulfilment_type', value: 'takeaway' },
      { key: 'time_slot', value: slotId },
    ],
  });

  it('codes are 16 random characters from 32 symbols, grouped by four', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newGiftCardCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) {
      expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/);
      expect(looksLikeGiftCard(code.match(/.{4}/g)!.join('-').toLowerCase())).toBe(true);
    }
  });

  it('staff issue a card (amount, expiry, recipient); every movement is recorded; bad input changes nothing', async () => {
    const response = await manager.request('POST', '/api/dashboard/gift-cards', {
      amount: '40,00',
      expiresOn: '2027-11-21',
      recipientName: 'Oma Jet',
      recipientEmail: 'jet@example.be',
    });
    expect(response.statusCode, response.body).toBe(201);
    const issued = { body: response.json() };
    expect(issued.body).toMatchObject({ initialAmount: '40.00', balance: '40.00', recipientName: 'Oma Jet', source: 'staff', disabled: false });
    expect(issued.body.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // Valid through the whole expiry day in Brussels (UTC+1).
    expect(issued.body.expiresAt).toBe('2027-11-21T23:00:00.000Z');
    expect(issued.body.movements).toMatchObject([{ kind: 'issue', amount: '40.00', balanceAfter: '40.00' }]);
    const listed = { body: (await manager.request('GET', '/api/dashboard/gift-cards?search=oma')).json() };
    expect(listed.body.cards.map((c: { id: number }) => c.id)).toEqual([issued.body.id]);

    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(t.giftCards)
      )[0]!.n;
    const before = await count();
    for (const body of [
      { amount: '-5' },
      { amount: '0' },
      { amount: 'veel' },
      { amount: '10', expiresOn: '2020-01-01' },
      { amount: '10', recipientEmail: 'geen-mail' },
    ]) {
      const refused = await manager.request('POST', '/api/dashboard/gift-cards', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message.length).toBeGreaterThan(5);
    }
    expect(await count()).toBe(before);
    // Another browser without a staff login gets nothing.
    expect((await new Browser(() => app).request('GET', '/api/dashboard/gift-cards')).statusCode).toBe(401);
  });

  it('a card bought in the shop is issued and mailed once the order is paid, then redeemed in part on a second order', async () => {
    const buyer = cartSession(() => app);
    await buyer(ADD, { productId: giftCard25, quantity: 1 });
    const bought = await buyer(CHECKOUT, { input: checkoutInput(await slot(buyer), 'koper@example.be') });
    expect(bought.errors).toBeUndefined();
    const orderId = bought.data.checkout.order.databaseId as number;
    // Not paid yet (cash): no card.
    expect(await db().select().from(t.giftCards).where(eq(t.giftCards.orderId, orderId))).toEqual([]);
    // Paid at the counter: staff complete the order.
    const completed = await app.server.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/orders/${orderId}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${writer.consumerKey}:${writer.consumerSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ status: 'completed' }),
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const [card] = await db().select().from(t.giftCards).where(eq(t.giftCards.orderId, orderId));
    expect(card).toMatchObject({ initialAmount: 2500, balance: 2500, source: 'order', recipientEmail: 'koper@example.be' });
    // The mail with the code, through the outbox.
    const grouped = card!.code.match(/.{4}/g)!.join('-');
    const mail = await waitFor(
      'the gift card mail',
      async () => {
        const rows = await db().select().from(t.jobs).where(eq(t.jobs.kind, 'mail'));
        return rows.map((r) => r.payload as { to: string; kind: string; text: string }).find((p) => p.kind === 'gift-card' && p.to === 'koper@example.be');
      },
      undefined,
      30_000,
    );
    expect(mail!.text).toContain(grouped);
    expect(mail!.text).toContain('€25.00');
    // Completing again issues nothing more.
    expect((await db().select().from(t.giftCards).where(eq(t.giftCards.orderId, orderId))).length).toBe(1);

    // The balance page.
    const balance = await app.server.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code: grouped.toLowerCase() } });
    expect(balance.json()).toEqual({ code: card!.code.slice(-4), balance: '25.00', expiresAt: null, usable: true });

    // Second order: 2 frikandellen (6.00), the card pays all of it; 19.00 stays on the card.
    const shop = cartSession(() => app);
    await shop(ADD, { productId: frikandel, quantity: 2 });
    const applied = await shop(APPLY, { code: grouped });
    expect(applied.data.applyCoupon.cart).toEqual({
      total: '0.00',
      appliedGiftCards: [{ code: `*${card!.code.slice(-4)}`, amount: '6.00', balance: '25.00', reason: null }],
    });
    const order = await shop(CHECKOUT, { input: checkoutInput(await slot(shop), 'eter@example.be') });
    expect(order.errors).toBeUndefined();
    expect(order.data.checkout.order).toMatchObject({ total: '0.00', giftCards: [{ code: `*${card!.code.slice(-4)}`, amount: '6.00' }] });
    expect((await cardByCode(card!.code)).balance).toBe(1900);
    const rest = await app.server.inject({
      url: `/wp-json/wc/v3/orders/${order.data.checkout.order.databaseId}`,
      headers: { authorization: `Basic ${Buffer.from(`${writer.consumerKey}:${writer.consumerSecret}`).toString('base64')}` },
    });
    expect(rest.json()).toMatchObject({ total: '0.00', gift_cards: [{ id: card!.id, code: `*${card!.code.slice(-4)}`, amount: '6.00' }] });
    expect(await movementsOf(card!.id)).toMatchObject([
      { kind: 'issue', amount: 2500, balanceAfter: 2500, orderId },
      { kind: 'redeem', amount: -600, balanceAfter: 1900, orderId: order.data.checkout.order.databaseId },
    ]);
    // A third order of 30.00 uses the rest (19.00) and leaves 11.00 to pay.
    const big = cartSession(() => app);
    await big(ADD, { productId: frikandel, quantity: 10 });
    expect((await big(APPLY, { code: card!.code })).data.applyCoupon.cart.total).toBe('11.00');
    const third = await big(CHECKOUT, { input: checkoutInput(await slot(big), 'groot@example.be') });
    expect(third.data.checkout.order).toMatchObject({ total: '11.00', giftCards: [{ amount: '19.00' }] });
    expect((await cardByCode(card!.code)).balance).toBe(0);
    // Cancelled: the 19.00 goes back on the card, recorded.
    const cancelled = await app.server.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/orders/${third.data.checkout.order.databaseId}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${writer.consumerKey}:${writer.consumerSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await cardByCode(card!.code)).balance).toBe(1900);
    expect((await movementsOf(card!.id)).at(-1)).toMatchObject({ kind: 'refund', amount: 1900, balanceAfter: 1900 });
  });

  it('refuses an expired card and more than the balance, and changes nothing', async () => {
    const card = await issueGiftCard(db(), { amount: 1000, expiresAt: new Date(NOW.getTime() + 3600_000) }, NOW);
    await expect(db().transaction((tx) => redeemGiftCard(tx, card.id, 1001, null, NOW))).rejects.toMatchObject({ code: 'GIFT_CARD_INSUFFICIENT_BALANCE' });
    expect((await cardByCode(card.code)).balance).toBe(1000);
    // An hour later it has expired: the cart keeps it but it pays nothing, and redeeming fails.
    now = new Date(NOW.getTime() + 2 * 3600_000);
    try {
      const shop = cartSession(() => app);
      await shop(ADD, { productId: frikandel, quantity: 1 });
      expect((await shop(APPLY, { code: card.code })).data.applyCoupon.cart).toEqual({
        total: '3.00',
        appliedGiftCards: [{ code: `*${card.code.slice(-4)}`, amount: '0.00', balance: '10.00', reason: 'expired' }],
      });
      await expect(db().transaction((tx) => redeemGiftCard(tx, card.id, 100, null, now))).rejects.toMatchObject({ code: 'GIFT_CARD_EXPIRED' });
    } finally {
      now = NOW;
    }
    expect(await movementsOf(card.id)).toHaveLength(1);
    expect((await cardByCode(card.code)).balance).toBe(1000);
  });

  it('50 concurrent checkouts with one card: the balance never goes below zero and the redemptions add up to what was taken', async () => {
    const card = await issueGiftCard(db(), { amount: 10_000 }, NOW);
    const shops = Array.from({ length: 50 }, () => cartSession(() => app));
    for (const shop of shops) {
      await shop(ADD, { productId: frikandel, quantity: 1 });
      expect((await shop(APPLY, { code: card.code })).data.applyCoupon.cart.total).toBe('0.00');
    }
    // 50 × 3.00 = 150.00 against 100.00: 33 orders paid in full, one paid 1.00 by card, the rest by cash.
    const slotId = await slot(shops[0]!);
    const results = await Promise.all(shops.map((shop, i) => shop(CHECKOUT, { input: checkoutInput(slotId, `gast${i}@example.be`) })));
    for (const r of results) expect(r.errors).toBeUndefined();
    const taken = results.map((r) => Number(r.data.checkout.order.giftCards[0]?.amount ?? 0) * 100);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(taken.filter((a) => a === 300)).toHaveLength(33);
    expect(taken.filter((a) => a === 100)).toHaveLength(1);
    for (const r of results) expect(Number(r.data.checkout.order.total) * 100 + Number(r.data.checkout.order.giftCards[0]?.amount ?? 0) * 100).toBe(300);
    const after = await cardByCode(card.code);
    expect(after.balance).toBe(0);
    const movements = await movementsOf(card.id);
    const redeemed = movements.filter((m) => m.kind === 'redeem');
    expect(redeemed).toHaveLength(34);
    expect(-redeemed.reduce((sum, m) => sum + m.amount, 0)).toBe(10_000);
    // Each movement's balance follows from the one before: no two redemptions saw the same balance.
    let balance = 10_000;
    for (const m of redeemed) {
      balance += m.amount;
      expect(m.balanceAfter).toBe(balance);
    }
  }, 180_000);

  it('throttles guessing: ten wrong codes from one address, then even a right one waits', async () => {
    const card = await issueGiftCard(db(), { amount: 500 }, NOW);
    const ask = (code: string) => app.server.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code }, remoteAddress: '198.51.100.7' });
    // A right code gives its attempt back.
    expect((await ask(card.code)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await ask(newGiftCardCode())).statusCode).toBe(404);
    const held = await ask(card.code);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/Too many attempts/);
    // Another address is not held back.
    expect(
      (await app.server.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code: card.code }, remoteAddress: '198.51.100.8' })).statusCode,
    ).toBe(200);
  });
});
