import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { CartProvider } from '../cart/CartProvider';
import { formatMoney } from '@bakje/contract/money';
import { LocaleProvider, prepareIntl } from '../i18n/LocaleProvider';
import { htmlLang, initialLocale, toIntlLocale } from '../i18n/locale';
import { loadMessages } from '../i18n/messages';
import { nextTask } from '../lib/nextTask';
import { FIRST_PAINT_LIMIT_MS, holdRootForFirstPaint, releaseFirstPaint } from '../shell/firstPaint';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/**
 * The first use of each kind of `Intl` formatter loads the browser's locale data, tens of milliseconds of a
 * phone's main thread each: made here one per task, with the options the shell and the checkout's first screen
 * use (prices, the footer's weekdays, slot times, plurals), instead of inside the first render's long tasks
 * (docs/decisions/0056-checkout-first-paint.md). The intl object caches them, so the render reuses them.
 */
async function warmFormatters(intl: ReturnType<typeof prepareIntl>) {
  const steps = [
    () => formatMoney(0, intl.locale),
    () => intl.formatDate(0, { weekday: 'long', timeZone: 'UTC' }),
    // The shop's default time zone (a shop in another one still finds the locale's data loaded).
    () => intl.formatTime(0, { hour: 'numeric', minute: '2-digit', timeZone: 'Europe/Brussels' }),
    () => intl.formatPlural(1),
  ];
  for (const step of steps) {
    await nextTask();
    step();
  }
}

/** Renders the app (loaded by web/src/main.tsx). */
export async function startApp() {
  const locale = initialLocale();
  document.documentElement.lang = htmlLang(locale);
  const messages = await loadMessages(locale);
  // Evaluating the app's modules is one task; the router's creation (it writes the history entry and reads
  // the session storage: measured 80 ms of main thread at the mobile preset's 4x slow-down) another.
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  // Made in tasks of their own, not in the first render's (LocaleProvider reuses it): the intl object checks
  // that the browser has the locale's number and date data, the first look at each a long task on a phone.
  Intl.NumberFormat.supportedLocalesOf(toIntlLocale(locale));
  await nextTask();
  Intl.DateTimeFormat.supportedLocalesOf(toIntlLocale(locale));
  await nextTask();
  const intl = prepareIntl(locale, messages);
  await warmFormatters(intl);
  await nextTask();
  if (document.getElementById('first-paint')) setTimeout(releaseFirstPaint, FIRST_PAINT_LIMIT_MS);
  const container = document.getElementById('root')!;
  holdRootForFirstPaint(container);
  const root = createRoot(container);
  // A transition render is time-sliced: the first render of the app yields to the browser every few
  // milliseconds instead of blocking it in one long task (TBT, docs/decisions/0052-main-thread.md). The
  // server's first paint stays on screen meanwhile, so nothing waits for it visibly.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <LocaleProvider initial={locale} initialMessages={messages}>
            <CartProvider>
              <RouterProvider router={router} />
            </CartProvider>
          </LocaleProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
