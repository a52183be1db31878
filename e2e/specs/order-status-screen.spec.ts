import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { StatusBoardSnapshot } from '@bakje/contract';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 1): the kitchen action needs staff, which the shared server refuses to everyone.
const port = Number(process.env.E2E_PORT ?? 3210) + 1;
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port);
});
test.afterAll(async () => {
  await server?.stop();
});

test('the status screen shows a new order under "In bereiding" and moves it to "Klaar" when the kitchen marks it ready', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${server.base}/order-status-scherm`);
  const preparing = page.getByRole('region', { name: 'In bereiding' });
  const ready = page.getByRole('region', { name: 'Klaar' });
  await expect(preparing).toBeVisible();
  await expect(ready).toBeVisible();
  await expect(preparing.getByText('Geen bestellingen in bereiding')).toBeVisible();

  const order = await server.placeOrder();
  const number = String(order.pickupNumber);
  await expect(preparing.getByTestId('status-number').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible();
  await expect(ready.getByTestId('status-number')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const marked = await server.kitchen(`/api/kitchen/orders/${order.databaseId}/ready`);
  expect(marked).toEqual({ status: 200, body: { orders: [order.databaseId] } });
  await expect(ready.getByTestId('status-number').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible();
  await expect(preparing.getByTestId('status-number')).toHaveCount(0);

  // Nothing personal on the public screen.
  await expect(page.getByTestId('order-status-screen')).not.toContainText('Klant');

  // A reload shows the same board (from the snapshot), and the kitchen can take it back (recover).
  await page.reload();
  await expect(ready.getByTestId('status-number').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible();
  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/recover`)).status).toBe(200);
  await expect(preparing.getByTestId('status-number').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible();
});

test('one screen can be set to another language with ?lang= (issue 17)', async ({ page }) => {
  await page.goto(`${server.base}/order-status-scherm?lang=fr`);
  await expect(page.getByRole('region', { name: 'En préparation' })).toBeVisible();
  await page.goto(`${server.base}/order-status-scherm?lang=en`);
  await expect(page.getByRole('region', { name: 'Preparing' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ready' })).toBeVisible();
});

test("the customer's order summary shows the ready status live, without a reload", async ({ page }) => {
  const order = await server.placeOrder();
  const stream = page.waitForRequest((r) => r.url().includes(`/api/events/order/${order.databaseId}?key=`));
  await page.goto(`${server.base}/checkout/order-received/${order.databaseId}?key=${order.orderKey}`);
  const status = page.getByTestId('order-status');
  await expect(status).toHaveText('In bereiding');
  await stream;
  // A mark on the window survives only if the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { bakjeNoReload: true }));

  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/ready`)).status).toBe(200);
  // Well within the 15 s of the fallback polling: this comes from the event stream.
  await expect(status).toHaveText('Klaar', { timeout: 5_000 });
  expect(await page.evaluate(() => (window as { bakjeNoReload?: boolean }).bakjeNoReload)).toBe(true);

  // And back when the kitchen recovers it.
  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/recover`)).status).toBe(200);
  await expect(status).toHaveText('In bereiding', { timeout: 5_000 });
});

test('without the event stream the order summary falls back to polling', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route('**/api/events/order/**', (route) => route.abort());
  const order = await server.placeOrder();
  await page.goto(`${server.base}/checkout/order-received/${order.databaseId}?key=${order.orderKey}`);
  const status = page.getByTestId('order-status');
  await expect(status).toHaveText('In bereiding');
  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/ready`)).status).toBe(200);
  // The next poll (every 15 s while the stream is down) brings it.
  await expect(status).toHaveText('Klaar', { timeout: 25_000 });
});

/**
 * A board of `count` orders, half "In bereiding" and half "Klaar" (the newest ready one just now), numbered
 * around 1000 so three- and four-digit numbers mix. Pickup numbers count up from 1 each day, so real
 * four-digit numbers would take a thousand checkouts: the layout test feeds the board instead
 * (docs/decisions/0065-status-screen-fits-any-rush.md).
 */
function rushBoard(count: number): StatusBoardSnapshot {
  const first = 1000 - Math.floor(count / 2);
  const preparing = Math.ceil(count / 2);
  return {
    settings: { readyVisibleSeconds: 3600, language: 'nl', chime: false },
    today: new Date().toISOString().slice(0, 10),
    timeZone: 'Europe/Brussels',
    board: Array.from({ length: count }, (_, i) =>
      i < preparing
        ? { number: first + i, state: 'preparing' as const, readyAt: null, fireAt: null }
        : { number: first + i, state: 'ready' as const, readyAt: new Date(Date.now() - (count - 1 - i) * 20_000 - 1_000).toISOString(), fireAt: null },
    ),
  };
}

/** Replaces the status screen's event stream with one that stays open and sends the last board the test pushed. */
async function feedStatusBoard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Real = window.EventSource;
    const boards: EventTarget[] = [];
    let latest: string | undefined;
    class BoardStream extends EventTarget {
      static readonly CONNECTING = 0;
      static readonly OPEN = 1;
      static readonly CLOSED = 2;
      readyState = 1;
      onopen: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() {
        super();
        boards.push(this);
        setTimeout(() => {
          this.onopen?.();
          if (latest) this.dispatchEvent(new MessageEvent('snapshot', { data: latest }));
        }, 0);
      }
      close() {
        this.readyState = 2;
      }
    }
    window.EventSource = function (url: string | URL, init?: EventSourceInit) {
      return String(url).includes('/api/events/status-screen') ? new BoardStream() : new Real(url, init);
    } as unknown as typeof EventSource;
    Object.assign(window.EventSource, { CONNECTING: 0, OPEN: 1, CLOSED: 2 });
    Object.assign(window, {
      pushStatusBoard: (snapshot: unknown) => {
        latest = JSON.stringify(snapshot);
        for (const board of boards) board.dispatchEvent(new MessageEvent('snapshot', { data: latest }));
      },
    });
  });
}

test('5, 30 and 80 orders fit the status screen at 1920x1080, 1280x720 and 1080x1920 (issue 30)', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await feedStatusBoard(page);
  const screenshots = process.env.BAKJE_STATUS_SCREENSHOTS;
  for (const viewport of [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
    { width: 1080, height: 1920 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`${server.base}/order-status-scherm`);
    for (const count of [5, 30, 80]) {
      const board = rushBoard(count);
      await page.evaluate((snapshot) => (window as unknown as { pushStatusBoard: (s: unknown) => void }).pushStatusBoard(snapshot), board);
      // The oldest number in preparation is on every first page: this board is on screen.
      await expect(page.getByTestId('status-number').filter({ hasText: new RegExp(`^${board.board[0]!.number}$`) })).toBeVisible();
      const expected = { preparing: board.board.filter((e) => e.state === 'preparing').length, ready: board.board.filter((e) => e.state === 'ready').length };
      for (const id of ['preparing', 'ready'] as const) {
        const column = page.getByTestId(`status-${id}`);
        const tiles = column.getByTestId('status-number');
        // Everything shows, or a page of it with the page indicator.
        if (await column.getByTestId('status-page').count()) {
          await expect(column.getByTestId('status-page')).toHaveText(/^\d+\/\d+$/);
          expect(await tiles.count()).toBeLessThan(expected[id]);
        } else await expect(tiles).toHaveCount(expected[id]);
        if (count === 80) await expect(column.getByTestId('status-page')).toBeVisible();

        // Polled: the grid settles once the stage has its orientation and the column its measured box.
        const problems = () =>
          column.evaluate((panel, size) => {
            const found: string[] = [];
            const box = panel.getBoundingClientRect();
            for (const tile of Array.from(panel.querySelectorAll<HTMLElement>('[data-testid="status-number"]'))) {
              const r = tile.getBoundingClientRect();
              if (r.left < 0 || r.top < 0 || r.right > size.width || r.bottom > size.height) found.push(`${tile.textContent} outside the viewport`);
              if (r.left < box.left || r.top < box.top || r.right > box.right || r.bottom > box.bottom) found.push(`${tile.textContent} outside its panel`);
              if (tile.scrollWidth > tile.clientWidth) found.push(`${tile.textContent} overflows its tile`);
              const text = document.createRange();
              text.selectNodeContents(tile);
              const t = text.getBoundingClientRect();
              if (t.left - r.left < 2 || r.right - t.right < 2) found.push(`${tile.textContent} touches its tile's edges`);
            }
            return found;
          }, viewport);
        await expect.poll(problems, { message: `${count} orders at ${viewport.width}x${viewport.height}, ${id}` }).toEqual([]);
      }
      await expectNoSeriousA11yViolations(page);
      if (screenshots) await page.screenshot({ path: path.join(screenshots, `${count}-orders-${viewport.width}x${viewport.height}.png`) });
    }
  }
});
