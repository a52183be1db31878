import type { DashboardProduct, DashboardProductList, Translated } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider';
import { Badge, DataTable, Notice, Price, type Column } from '../../ui';
import { DashboardFrame } from './DashboardFrame';
import { PERMISSION } from './permissions';
import { http, retryServerErrors } from '../../api/http';
import { DashboardError, StaffGate } from './StaffGate';

const STOCK_BADGE = { IN_STOCK: 'info', OUT_OF_STOCK: 'soldout', ON_BACKORDER: 'neutral' } as const;

function ProductList() {
  const intl = useIntl();
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as 'nl' | 'fr' | 'en';
  const pick = (value: Translated) => (lang === 'nl' ? value.nl : (value[lang] ?? value.nl));
  const query = useQuery({
    queryKey: ['dashboard', 'products'],
    queryFn: ({ signal }) => http<DashboardProductList>('GET', '/api/dashboard/products', { signal }),
    retry: retryServerErrors,
  });
  const products = query.data?.products;
  const columns: Column<DashboardProduct>[] = [
    { id: 'name', header: intl.formatMessage({ id: 'dashboard.products.name' }), cell: (p) => pick(p.name), sortValue: (p) => pick(p.name), rowHeader: true },
    {
      id: 'categories',
      header: intl.formatMessage({ id: 'dashboard.products.categories' }),
      cell: (p) => p.categories.map(pick).join(', '),
      sortValue: (p) => p.categories.map(pick).join(', '),
    },
    {
      id: 'price',
      header: intl.formatMessage({ id: 'dashboard.products.price' }),
      sortValue: (p) => p.priceMin,
      cell: (p) =>
        p.priceMin === null ? (
          '—'
        ) : (
          <Price amount={p.priceMin / 100} regular={p.regularPrice === null ? null : p.regularPrice / 100} from={p.priceMax !== p.priceMin} size="sm" />
        ),
    },
    {
      id: 'stock',
      header: intl.formatMessage({ id: 'dashboard.products.stock' }),
      sortValue: (p) => intl.formatMessage({ id: `dashboard.products.stock.${p.stockStatus}` }),
      cell: (p) => (
        <>
          <Badge variant={STOCK_BADGE[p.stockStatus]}>{intl.formatMessage({ id: `dashboard.products.stock.${p.stockStatus}` })}</Badge>
          {p.stockQuantity !== null ? (
            <span className="admin__muted"> {intl.formatMessage({ id: 'dashboard.products.quantity' }, { count: p.stockQuantity })}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'visibility',
      header: intl.formatMessage({ id: 'dashboard.products.visibility' }),
      cell: (p) =>
        p.visibleInShop
          ? intl.formatMessage({ id: 'dashboard.products.visible' })
          : intl.formatMessage({ id: p.status === 'publish' ? 'dashboard.products.hidden' : 'dashboard.products.draft' }),
    },
  ];
  return (
    <DataTable
      label={intl.formatMessage({ id: 'dashboard.products.tableLabel' })}
      caption={products ? intl.formatMessage({ id: 'dashboard.products.count' }, { count: products.length }) : undefined}
      columns={columns}
      rows={products}
      rowKey={(p) => p.id}
      loading={query.isPending}
      error={query.error}
      errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
      empty={intl.formatMessage({ id: 'dashboard.products.empty' })}
    />
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
