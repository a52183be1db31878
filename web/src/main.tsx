import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { CartProvider } from './cart/CartProvider';
import { LocaleProvider } from './i18n/LocaleProvider';
import { htmlLang, initialLocale } from './i18n/locale';
import { loadMessages } from './i18n/messages';
import './styles/base.css';
import './ui/ui.css';
import './shell/shell.css';
import './shop/shop.css';
import './shell/first-paint.css';
import { FIRST_PAINT_LIMIT_MS, holdRootForFirstPaint, releaseFirstPaint } from './shell/firstPaint';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

const router = createBrowserRouter(routes);

async function start() {
  const locale = initialLocale();
  document.documentElement.lang = htmlLang(locale);
  const messages = await loadMessages(locale);
  if (document.getElementById('first-paint')) setTimeout(releaseFirstPaint, FIRST_PAINT_LIMIT_MS);
  const container = document.getElementById('root')!;
  holdRootForFirstPaint(container);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider initial={locale} initialMessages={messages}>
          <CartProvider>
            <RouterProvider router={router} />
          </CartProvider>
        </LocaleProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
