import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { retryServerErrors } from '../../../api/http';
import { Badge, Button, ButtonLink, DataTable, Field, Notice, Price, useToast, type Column } from '../../../ui';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { batchProducts, listCategories, listProducts } from './api';
import { excerpt, reorder, stockOf, visibilityOf } from './listing';
import { changeByPercent, formatPrice } from './money';
import type { WcProduct } from './types';
import './products.css';

const PER_PAGE = 50;
const STOCK_VARIANT = { instock: 'info', outofstock: 'soldout', onbackorder: 'neutral', soldout: 'soldout' } as const;
const VISIBILITY_VARIANT = { published: 'new', hidden: 'neutral', draft: 'neutral' } as const;
export const productsKey = ['dashboard', 'wc-products'] as const;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type Bulk = { kind: 'publish' | 'hide' } | { kind: 'category'; category: number } | { kind: 'price'; percent: number };

function ProductList() {
  const intl = useIntl();
  const toast = useToast();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dragging, setDragging] = useState<number | null>(null);
  const [bulkCategory, setBulkCategory] = useState('');
  const [percent, setPercent] = useState('');
  const [confirm, setConfirm] = useState<Bulk | null>(null);
  const debounced = useDebounced(search, 300);
  useEffect(() => setPage(1), [debounced, category]);

  const categories = useQuery({ queryKey: ['dashboard', 'wc-categories'], queryFn: ({ signal }) => listCategories(signal), retry: retryServerErrors });
  const params = { page, perPage: PER_PAGE, search: debounced, category: category ? Number(category) : undefined };
  const query = useQuery({
    queryKey: [...productsKey, params],
    queryFn: ({ signal }) => listProducts(params, signal),
    retry: retryServerErrors,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.products;
  const byId = useMemo(() => new Map((rows ?? []).map((p) => [p.id, p])), [rows]);
  const chosen = [...selected].map((id) => byId.get(id)).filter((p): p is WcProduct => p !== undefined);

  const save = useMutation({
    mutationFn: (update: ({ id: number } & Partial<WcProduct>)[]) => batchProducts({ update }),
    onSettled: () => client.invalidateQueries({ queryKey: productsKey }),
  });

  const move = (from: number, to: number) => {
    if (!rows) return;
    const changes = reorder(rows, from, to, (page - 1) * PER_PAGE);
    if (changes.length === 0) return;
    const name = rows[from]!.name;
    // Show the new order at once; the list is read again when the save is done.
    client.setQueryData([...productsKey, params], (data: typeof query.data) => {
      if (!data) return data;
      const next = [...data.products];
      const [row] = next.splice(from, 1);
      next.splice(to, 0, row!);
      return { ...data, products: next };
    });
    save.mutate(changes, {
      onSuccess: () => toast(intl.formatMessage({ id: 'dashboard.products.moved' }, { name, position: to + 1 + (page - 1) * PER_PAGE })),
    });
  };

  const previewPercent = Number(percent.replace(',', '.'));
  const percentValid = percent.trim() !== '' && Number.isFinite(previewPercent) && previewPercent > -100 && previewPercent <= 1000 && previewPercent !== 0;
  const priced = chosen.filter((p) => p.type !== 'variable' && p.regular_price !== '');

  const applyBulk = (bulk: Bulk) => {
    const update = (() => {
      switch (bulk.kind) {
        case 'publish':
          return chosen.map((p) => ({ id: p.id, status: 'publish' as const, catalog_visibility: 'visible' as const }));
        case 'hide':
          return chosen.map((p) => ({ id: p.id, catalog_visibility: 'hidden' as const }));
        case 'category':
          return chosen.map((p) => ({
            id: p.id,
            categories: [...p.categories.filter((c) => c.id !== bulk.category), { id: bulk.category }] as WcProduct['categories'],
          }));
        case 'price':
          return priced.map((p) => ({
            id: p.id,
            regular_price: changeByPercent(p.regular_price, bulk.percent),
            ...(p.sale_price ? { sale_price: changeByPercent(p.sale_price, bulk.percent) } : {}),
          }));
      }
    })();
    save.mutate(update, {
      onSuccess: () => {
        toast(intl.formatMessage({ id: 'dashboard.products.bulkDone' }, { count: update.length }));
        setConfirm(null);
        setSelected(new Set());
      },
    });
  };

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = !!rows?.length && rows.every((p) => selected.has(p.id));
  const ordering = !debounced.trim() && !category;

  const columns: Column<WcProduct>[] = [
    {
      id: 'select',
      header: (
        <input
          type="checkbox"
          checked={allSelected}
          aria-label={intl.formatMessage({ id: 'dashboard.products.selectAll' })}
          onChange={() => setSelected(allSelected ? new Set() : new Set(rows?.map((p) => p.id)))}
        />
      ),
      cell: (p) => (
        <input
          type="checkbox"
          checked={selected.has(p.id)}
          onChange={() => toggle(p.id)}
          aria-label={intl.formatMessage({ id: 'dashboard.products.select' }, { name: p.name })}
        />
      ),
    },
    {
      id: 'name',
      header: intl.formatMessage({ id: 'dashboard.products.name' }),
      rowHeader: true,
      cell: (p) => (
        <>
          <Link to={`/dashboard/products/${p.id}`}>{p.name}</Link>
          {p.short_description ? <span className="products__excerpt">{excerpt(p.short_description)}</span> : null}
        </>
      ),
    },
    { id: 'categories', header: intl.formatMessage({ id: 'dashboard.products.categories' }), cell: (p) => p.categories.map((c) => c.name).join(', ') },
    {
      id: 'price',
      header: intl.formatMessage({ id: 'dashboard.products.price' }),
      cell: (p) =>
        p.price === '' ? (
          '—'
        ) : (
          <Price amount={Number(p.price)} regular={p.on_sale && p.regular_price ? Number(p.regular_price) : null} from={p.type === 'variable'} size="sm" />
        ),
    },
    {
      id: 'stock',
      header: intl.formatMessage({ id: 'dashboard.products.stock' }),
      cell: (p) => {
        const stock = stockOf(p);
        return (
          <>
            <Badge variant={STOCK_VARIANT[stock]}>{intl.formatMessage({ id: `dashboard.products.badge.${stock}` })}</Badge>
            {p.manage_stock && p.stock_quantity !== null ? (
              <span className="admin__muted"> {intl.formatMessage({ id: 'dashboard.products.quantity' }, { count: p.stock_quantity })}</span>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'visibility',
      header: intl.formatMessage({ id: 'dashboard.products.visibility' }),
      cell: (p) => {
        const visibility = visibilityOf(p);
        return <Badge variant={VISIBILITY_VARIANT[visibility]}>{intl.formatMessage({ id: `dashboard.products.badge.${visibility}` })}</Badge>;
      },
    },
    {
      id: 'order',
      header: intl.formatMessage({ id: 'dashboard.products.order' }),
      cell: (p) => {
        const index = rows?.indexOf(p) ?? -1;
        return (
          <span className="products__order">
            <span className="products__grip" aria-hidden="true" title={intl.formatMessage({ id: 'dashboard.products.dragHint' })}>
              ⠿
            </span>
            <Button
              variant="ghost"
              size="sm"
              disabled={!ordering || index <= 0 || save.isPending}
              onClick={() => move(index, index - 1)}
              aria-label={intl.formatMessage({ id: 'dashboard.products.moveUp' }, { name: p.name })}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={!ordering || index < 0 || index >= (rows?.length ?? 0) - 1 || save.isPending}
              onClick={() => move(index, index + 1)}
              aria-label={intl.formatMessage({ id: 'dashboard.products.moveDown' }, { name: p.name })}
            >
              ↓
            </Button>
          </span>
        );
      },
    },
  ];

  const rowProps = (p: WcProduct) => {
    const index = rows?.indexOf(p) ?? -1;
    return {
      'data-testid': `product-row-${p.id}`,
      draggable: ordering && !save.isPending,
      className: dragging === index ? 'products__row is-dragging' : 'products__row',
      onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(p.id));
        setDragging(index);
      },
      onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
        if (dragging !== null) event.preventDefault();
      },
      onDrop: (event: DragEvent<HTMLTableRowElement>) => {
        event.preventDefault();
        if (dragging !== null) move(dragging, index);
        setDragging(null);
      },
      onDragEnd: () => setDragging(null),
    };
  };

  const total = query.data?.total ?? 0;
  const totalPages = query.data?.totalPages ?? 1;
  const categoryOptions = categories.data ?? [];

  return (
    <>
      <div className="products__filters" role="search">
        <Field
          label={intl.formatMessage({ id: 'dashboard.products.search' })}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={intl.formatMessage({ id: 'dashboard.products.searchPlaceholder' })}
        />
        <Field
          as="select"
          label={intl.formatMessage({ id: 'dashboard.products.categoryFilter' })}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'dashboard.products.allCategories' })}</option>
          {categoryOptions.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Field>
      </div>
      {ordering ? null : <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.products.orderOnlyUnfiltered' })}</p>}

      {selected.size > 0 ? (
        <section className="products__bulk" aria-label={intl.formatMessage({ id: 'dashboard.products.bulkLabel' })}>
          <p className="products__bulk-count">{intl.formatMessage({ id: 'dashboard.products.selected' }, { count: selected.size })}</p>
          <Button variant="secondary" size="sm" onClick={() => applyBulk({ kind: 'publish' })} disabled={save.isPending}>
            {intl.formatMessage({ id: 'dashboard.products.bulkPublish' })}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => applyBulk({ kind: 'hide' })} disabled={save.isPending}>
            {intl.formatMessage({ id: 'dashboard.products.bulkHide' })}
          </Button>
          <span className="products__bulk-group">
            <Field
              as="select"
              label={intl.formatMessage({ id: 'dashboard.products.bulkCategory' })}
              value={bulkCategory}
              onChange={(event) => setBulkCategory(event.target.value)}
            >
              <option value="">—</option>
              {categoryOptions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Field>
            <Button
              variant="secondary"
              size="sm"
              disabled={!bulkCategory || save.isPending}
              onClick={() => applyBulk({ kind: 'category', category: Number(bulkCategory) })}
            >
              {intl.formatMessage({ id: 'dashboard.products.bulkApply' })}
            </Button>
          </span>
          <span className="products__bulk-group">
            <Field
              label={intl.formatMessage({ id: 'dashboard.products.bulkPercent' })}
              inputMode="decimal"
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              hint={intl.formatMessage({ id: 'dashboard.products.bulkPercentHint' })}
            />
            <Button variant="secondary" size="sm" disabled={!percentValid} onClick={() => setConfirm({ kind: 'price', percent: previewPercent })}>
              {intl.formatMessage({ id: 'dashboard.products.bulkPreview' })}
            </Button>
          </span>
        </section>
      ) : null}
      {save.error ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'dashboard.products.saveFailed' }, { message: save.error.message })}
        </Notice>
      ) : null}

      <DataTable
        label={intl.formatMessage({ id: 'dashboard.products.tableLabel' })}
        caption={query.data ? intl.formatMessage({ id: 'dashboard.products.count' }, { count: total }) : undefined}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        rowProps={rowProps}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={intl.formatMessage({ id: debounced || category ? 'dashboard.products.noMatch' : 'dashboard.products.empty' })}
        className="products__table"
      />
      {totalPages > 1 ? (
        <nav className="products__paging" aria-label={intl.formatMessage({ id: 'dashboard.products.paging' })}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {intl.formatMessage({ id: 'dashboard.products.previous' })}
          </Button>
          <span>{intl.formatMessage({ id: 'dashboard.products.pageOf' }, { page, total: totalPages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
            {intl.formatMessage({ id: 'dashboard.products.next' })}
          </Button>
        </nav>
      ) : null}

      <ConfirmDialog
        open={confirm?.kind === 'price'}
        title={intl.formatMessage({ id: 'dashboard.products.priceTitle' }, { percent: confirm?.kind === 'price' ? confirm.percent : 0 })}
        confirmLabel={intl.formatMessage({ id: 'dashboard.products.priceConfirm' }, { count: priced.length })}
        busy={save.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && applyBulk(confirm)}
      >
        {confirm?.kind === 'price' ? (
          <table className="products__preview">
            <caption className="visually-hidden">{intl.formatMessage({ id: 'dashboard.products.priceTitle' }, { percent: confirm.percent })}</caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: 'dashboard.products.name' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'dashboard.products.priceNow' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'dashboard.products.priceNew' })}</th>
              </tr>
            </thead>
            <tbody>
              {priced.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.name}</th>
                  <td>€ {formatPrice(p.regular_price)}</td>
                  <td>€ {formatPrice(changeByPercent(p.regular_price, confirm.percent))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {chosen.length > priced.length ? (
          <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.products.priceSkipped' }, { count: chosen.length - priced.length })}</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** /dashboard/products: the menu's products (products.manage): search, filter, reorder and bulk changes. */
export default function ProductsListPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame
        title={intl.formatMessage({ id: 'dashboard.products.title' })}
        actions={<ButtonLink to="/dashboard/products/new">{intl.formatMessage({ id: 'dashboard.products.new' })}</ButtonLink>}
      >
        <ProductList />
      </DashboardFrame>
    </StaffGate>
  );
}
