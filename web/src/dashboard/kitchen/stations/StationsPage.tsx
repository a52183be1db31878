import type { Station, WcCategory, WcProduct } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { HttpError, retryServerErrors } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { useLocale } from '../../../i18n/LocaleProvider';
import { Button, ButtonLink, ConfirmDialog, EmptyState, Field, Notice, Spinner } from '../../../ui';
import { RecordListFrame } from '../../admin/RecordListFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError } from '../../admin/StaffGate';
import { allPages, matches, nameIn, taxonomyKeys, WC, type Lang } from '../../catalog/taxonomyApi';
import { stationHref } from './StationScreen';
import { deleteStation, kitchenStationsKey, listStations, saveStation, stationsAdminKey } from './stationsApi';
import './stations.css';

/** Which field a refusal names (the server's STATION_INVALID details), as a message id. */
const FIELD_ERROR: Record<string, string> = {
  name: 'dashboard.stations.error.name',
  categoryIds: 'dashboard.stations.error.categories',
  productIds: 'dashboard.stations.error.products',
};

function StationEditor({ station, all, onDone }: { station: Station | null; all: Station[]; onDone: (saved: boolean) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const client = useQueryClient();
  const [name, setName] = useState(station?.name ?? '');
  const [printer, setPrinter] = useState(station?.printer ?? '');
  const [categoryIds, setCategoryIds] = useState(new Set(station?.categoryIds ?? []));
  const [productIds, setProductIds] = useState(new Set(station?.productIds ?? []));
  const [search, setSearch] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const headingId = useId();
  const categories = useQuery({
    queryKey: [...taxonomyKeys.categories, 'all'],
    queryFn: ({ signal }) => allPages<WcCategory>(`${WC}/products/categories?orderby=menu_order&order=asc`, signal),
    retry: retryServerErrors,
  });
  const products = useQuery({
    queryKey: ['dashboard', 'stations', 'products'],
    queryFn: ({ signal }) => allPages<WcProduct>(`${WC}/products?orderby=title&order=asc`, signal),
    retry: retryServerErrors,
  });
  // What another station has already: shown, but not to be taken twice (the server refuses it).
  const owner = useMemo(() => {
    const map = { category: new Map<number, string>(), product: new Map<number, string>() };
    for (const other of all) {
      if (other.id === station?.id) continue;
      for (const id of other.categoryIds) map.category.set(id, other.name);
      for (const id of other.productIds) map.product.set(id, other.name);
    }
    return map;
  }, [all, station?.id]);
  const save = useMutation({
    mutationFn: () =>
      saveStation(station?.id ?? null, { name: name.trim(), printer: printer.trim(), categoryIds: [...categoryIds], productIds: [...productIds] }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: stationsAdminKey });
      await client.invalidateQueries({ queryKey: kitchenStationsKey });
      onDone(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameMissing(name.trim() === '');
    if (name.trim() !== '') save.mutate();
  };
  const field = save.error instanceof HttpError ? save.error.fields[0]?.field : undefined;
  const toggle = (set: Set<number>, id: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };
  const shownProducts = (products.data ?? []).filter((p) => search.trim() === '' || productIds.has(p.id) || matches(search, p.name));

  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{station ? t('dashboard.stations.editTitle', { name: station.name }) : t('dashboard.stations.newTitle')}</h2>
      <Field
        label={t('dashboard.stations.name')}
        hint={t('dashboard.stations.nameHint')}
        required
        maxLength={40}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameMissing ? t('dashboard.stations.error.nameMissing') : field === 'name' ? t(FIELD_ERROR.name!) : null}
      />
      <Field
        label={t('dashboard.stations.printer')}
        hint={t('dashboard.stations.printerHint')}
        maxLength={200}
        value={printer}
        onChange={(event) => setPrinter(event.target.value)}
      />
      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.stations.categories')}</legend>
        {categories.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : categories.isError ? (
          <DashboardError error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          categories.data.map((category) => {
            const taken = owner.category.get(category.id);
            return (
              <Field
                key={category.id}
                as="checkbox"
                label={taken ? t('dashboard.stations.takenBy', { name: nameIn(lang, category), station: taken }) : nameIn(lang, category)}
                checked={categoryIds.has(category.id)}
                disabled={taken !== undefined}
                onChange={(event) => setCategoryIds((set) => toggle(set, category.id, event.target.checked))}
              />
            );
          })
        )}
        {field === 'categoryIds' ? <p className="field-error">{t(FIELD_ERROR.categoryIds!)}</p> : null}
      </fieldset>
      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.stations.products')}</legend>
        <p className="admin__muted">{t('dashboard.stations.productsHint')}</p>
        <Field label={t('dashboard.stations.productSearch')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        {products.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : products.isError ? (
          <DashboardError error={products.error} onRetry={() => void products.refetch()} />
        ) : (
          shownProducts.map((product) => {
            const taken = owner.product.get(product.id);
            return (
              <Field
                key={product.id}
                as="checkbox"
                label={taken ? t('dashboard.stations.takenBy', { name: product.name, station: taken }) : product.name}
                checked={productIds.has(product.id)}
                disabled={taken !== undefined}
                onChange={(event) => setProductIds((set) => toggle(set, product.id, event.target.checked))}
              />
            );
          })
        )}
        {field === 'productIds' ? <p className="field-error">{t(FIELD_ERROR.productIds!)}</p> : null}
      </fieldset>
      {save.error && !field ? (
        <Notice tone="error" role="alert">
          {t('dashboard.stations.saveFailed')}
        </Notice>
      ) : null}
      <div className="admin__buttons">
        <SubmitButton submitting={save.isPending}>{t('dashboard.stations.save')}</SubmitButton>
        <Button variant="secondary" onClick={() => onDone(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * /dashboard/stations (settings.manage): the kitchen's stations (docs/decisions/0069-kitchen-stations.md): each
 * with its categories and products (a product's own station wins over its category's), an optional printer for
 * its own kitchen ticket, and links to its kitchen screen.
 */
export default function StationsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const [editing, setEditing] = useState<Station | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Station | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({ queryKey: stationsAdminKey, queryFn: ({ signal }) => listStations(signal), retry: retryServerErrors });
  const remove = useMutation({
    mutationFn: (station: Station) => deleteStation(station.id),
    onSuccess: async () => {
      setDeleting(null);
      setNotice(t('dashboard.stations.deleted'));
      await client.invalidateQueries({ queryKey: stationsAdminKey });
      await client.invalidateQueries({ queryKey: kitchenStationsKey });
    },
  });
  const stations = query.data?.stations ?? [];
  return (
    <RecordListFrame
      permission={PERMISSION.settingsManage}
      title={t('dashboard.stations.title')}
      newLabel={t('dashboard.stations.new')}
      onNew={editing === null ? () => (setNotice(null), setEditing('new')) : undefined}
      lead={t('dashboard.stations.lead')}
      notice={notice}
    >
      {editing !== null ? (
        <section className="admin__section">
          <StationEditor
            key={editing === 'new' ? 'new' : editing.id}
            station={editing === 'new' ? null : editing}
            all={stations}
            onDone={(saved) => {
              setEditing(null);
              if (saved) setNotice(t('dashboard.stations.saved'));
            }}
          />
        </section>
      ) : null}
      <section className="admin__section" aria-labelledby="stations-list">
        <h2 id="stations-list">{t('dashboard.stations.listTitle')}</h2>
        {query.isPending ? (
          <Spinner size="lg" label={t('common.loading')} />
        ) : query.isError ? (
          <DashboardError error={query.error} onRetry={() => void query.refetch()} />
        ) : stations.length === 0 ? (
          <EmptyState title={t('dashboard.stations.empty')}>{t('dashboard.stations.emptyBody')}</EmptyState>
        ) : (
          <ul className="station-list">
            {stations.map((station) => (
              <li key={station.id} className="station-list__item" data-testid="station-row">
                <div className="station-list__main">
                  <p className="station-list__name">{station.name}</p>
                  <p className="admin__muted">
                    {t('dashboard.stations.summary', {
                      categories: String(station.categoryIds.length),
                      products: String(station.productIds.length),
                      printer: station.printer || t('dashboard.stations.noPrinter'),
                    })}
                  </p>
                </div>
                <div className="admin__buttons">
                  <ButtonLink
                    size="sm"
                    variant="secondary"
                    to={stationHref(station.id, false)}
                    aria-label={t('dashboard.stations.openFor', { name: station.name })}
                  >
                    {t('dashboard.stations.open')}
                  </ButtonLink>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => (setNotice(null), setEditing(station))}
                    aria-label={t('dashboard.stations.editFor', { name: station.name })}
                  >
                    {t('dashboard.stations.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setDeleting(station)}
                    aria-label={t('dashboard.stations.deleteFor', { name: station.name })}
                  >
                    {t('dashboard.stations.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={t('dashboard.stations.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('dashboard.stations.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        <p>{t('dashboard.stations.deleteBody')}</p>
      </ConfirmDialog>
    </RecordListFrame>
  );
}
