import type { DashboardProductList, Translated } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider';
import { Badge, EmptyState, Notice, Price, Spinner } from '../../ui';
import { DashboardFrame } from './DashboardFrame';
import { PERMISSION } from './permissions';
import { rest } from './rest';
import { DashboardError, StaffGate } from './StaffGate';

const STOCK_BADGE = { IN_STOCK: 'info', OUT_OF_STOCK: 'soldout', ON_BACKORDER: 'neutral' } as const;

function ProductList() {
  const intl = useIntl();
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as 'nl' | 'fr' | 'en';
  const pick = (value: Translated) => (lang === 'nl' ? value.nl : (value[lang] ?? value.nl));
  const query = useQuery({
    queryKey: ['dashboard', 'products'],
    queryFn: ({ signal }) => rest<DashboardProductList>('GET', '/api/dashboard/products', undefined, signal),
    retry: (count, error) => 'status' in error && (error as { status: number }).status >= 500 && count < 2,
  });
  if (query.isPending) return <Spinner size="lg" />;
  if (query.isError) return <DashboardError error={query.error} onRetry={() => void query.refetch()} />;
  const products = query.data.products;
  if (products.length === 0) return <EmptyState title={intl.formatMessage({ id: 'dashboard.products.empty' })} />;
  return (
    <div className="admin__table-wrap" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'dashboard.products.tableLabel' })}>
      <table className="admin__table">
        <caption className="visually-hidden">{intl.formatMessage({ id: 'dashboard.products.count' }, { count: products.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'dashboard.products.name' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'dashboard.products.categories' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'dashboard.products.price' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'dashboard.products.stock' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'dashboard.products.visibility' })}</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id}>
              <th scope="row">{pick(product.name)}</th>
              <td>{product.categories.map(pick).join(', ')}</td>
              <td>
                {product.priceMin === null ? (
                  '—'
                ) : (
                  <Price
                    amount={product.priceMin / 100}
                    regular={product.regularPrice === null ? null : product.regularPrice / 100}
                    from={product.priceMax !== product.priceMin}
                    size="sm"
                  />
                )}
              </td>
              <td>
                <Badge variant={STOCK_BADGE[product.stockStatus]}>{intl.formatMessage({ id: `dashboard.products.stock.${product.stockStatus}` })}</Badge>
                {product.stockQuantity !== null ? (
                  <span className="admin__muted"> {intl.formatMessage({ id: 'dashboard.products.quantity' }, { count: product.stockQuantity })}</span>
                ) : null}
              </td>
              <td>
                {product.visibleInShop
                  ? intl.formatMessage({ id: 'dashboard.products.visible' })
                  : intl.formatMessage({ id: product.status === 'publish' ? 'dashboard.products.hidden' : 'dashboard.products.draft' })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /dashboard/products: product management (products.manage). Read-only until product editing lands. */
export default function ProductsPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.products.title' })}>
        <Notice tone="info">{intl.formatMessage({ id: 'dashboard.products.readOnly' })}</Notice>
        <ProductList />
      </DashboardFrame>
    </StaffGate>
  );
}
