import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { CartProvider } from '../cart/CartProvider';
import { LocaleProvider } from '../i18n/LocaleProvider';
import { htmlLang, initialLocale } from '../i18n/locale';
import { loadMessages } from '../i18n/messages';
import { FIRST_PAINT_LIMIT_MS, holdRootForFirstPaint, releaseFirstPaint } from '../shell/firstPaint';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/**
 * Lets the browser run what is waiting (input, a paint) before the next step of the start-up, so the steps
 * are separate tasks instead of one long one (TBT, docs/decisions/0052-main-thread.md).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Renders the app (loaded by web/src/main.tsx). */
export async function startApp() {
  const locale = initialLocale();
  document.documentElement.lang = htmlLang(locale);
  const messages = await loadMessages(locale);
  // Evaluating the app's modules is one task; the router's creation (it writes the history entry and reads
  // the session storage: measured 80 ms of main thread at the mobile preset's 4x slow-down) another.
  await yieldToBrowser();
  const router = createBrowserRouter(routes);
  await yieldToBrowser();
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
