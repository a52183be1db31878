import { useQuery } from '@tanstack/react-query';
import type { ShopModeView } from '@bakje/contract';
import { useIntl } from 'react-intl';
import { http } from '../api/http';

export const SHOP_MODE_KEY = ['shop-mode'] as const;

/**
 * Every screen says so while the shop is in test mode (docs/decisions/0070-test-and-live-mode.md): card
 * payments go to a simulator or tickets to the virtual printer, so nothing here is a real order. Fixed on
 * top of the page and letting clicks through, it moves nothing the server's first paint or a screen laid
 * out (decisions 0044, 0056); kiosks and kitchen screens stay open for days, so it asks again now and then.
 */
export function TestModeBanner() {
  const intl = useIntl();
  const query = useQuery({
    queryKey: SHOP_MODE_KEY,
    queryFn: ({ signal }) => http<ShopModeView>('GET', '/api/shop-mode', { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  if (query.data?.mode !== 'test') return null;
  return (
    <aside className="test-mode-banner" aria-label={intl.formatMessage({ id: 'testMode.label' })} data-testid="test-mode-banner">
      <strong>{intl.formatMessage({ id: 'testMode.label' })}</strong> {intl.formatMessage({ id: 'testMode.banner' })}
    </aside>
  );
}
