import type { WcAllergen, WcAttribute, WcTerm } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { retryServerErrors } from '../../../api/http';
import { useLocale } from '../../../i18n/LocaleProvider';
import { Button, DataTable, Field, useToast, type Column } from '../../../ui';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { EditDeleteButtons } from '../EditDeleteButtons';
import { named, useEditor } from '../NameEditor';
import { allPages, matches, nameIn, taxonomyKeys, wc, WC, type Lang } from '../taxonomyApi';
import '../catalog.css';

function AllergenSection({ lang, search }: { lang: Lang; search: string }) {
  const intl = useIntl();
  const editor = useEditor(lang);
  const query = useQuery({
    queryKey: taxonomyKeys.allergens,
    queryFn: ({ signal }) => wc<WcAllergen[]>('GET', `${WC}/products/allergens`, undefined, signal),
    retry: retryServerErrors,
  });
  const edit = (a: WcAllergen) =>
    editor.open({
      title: intl.formatMessage({ id: 'dashboard.allergens.edit' }, { name: nameIn(lang, a) }),
      initial: { ...a, extra: a.icon },
      extraLabel: intl.formatMessage({ id: 'dashboard.allergens.icon' }),
      extraHint: intl.formatMessage({ id: 'dashboard.allergens.iconHint' }),
      extraRequired: true,
      save: (values) => wc<WcAllergen>('PUT', `${WC}/products/allergens/${a.id}`, { ...named(values), icon: values.extra }),
      invalidate: taxonomyKeys.allergens,
    });
  const columns: Column<WcAllergen>[] = [
    { id: 'icon', header: intl.formatMessage({ id: 'dashboard.allergens.icon' }), cell: (a) => <img src={a.icon} alt="" width={28} height={28} /> },
    { id: 'name', header: intl.formatMessage({ id: 'dashboard.catalog.nameNl' }), rowHeader: true, cell: (a) => a.name, sortValue: (a) => a.name },
    { id: 'fr', header: intl.formatMessage({ id: 'dashboard.catalog.nameFr' }), cell: (a) => a.translations.fr },
    { id: 'en', header: intl.formatMessage({ id: 'dashboard.catalog.nameEn' }), cell: (a) => a.translations.en },
    {
      id: 'actions',
      header: intl.formatMessage({ id: 'dashboard.actions' }),
      cell: (a) => (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => edit(a)}
          aria-label={intl.formatMessage({ id: 'dashboard.catalog.editNamed' }, { name: nameIn(lang, a) })}
        >
          {intl.formatMessage({ id: 'dashboard.catalog.edit' })}
        </Button>
      ),
    },
  ];
  return (
    <section className="admin__section" aria-labelledby="allergens-title">
      <h2 id="allergens-title">{intl.formatMessage({ id: 'dashboard.allergens.listTitle' })}</h2>
      <DataTable
        label={intl.formatMessage({ id: 'dashboard.allergens.listTitle' })}
        columns={columns}
        rows={query.data?.filter((a) => matches(search, a.name, a.translations.fr, a.translations.en, a.code))}
        rowKey={(a) => a.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={intl.formatMessage({ id: 'dashboard.catalog.noMatch' })}
      />
      {editor.dialog}
    </section>
  );
}

function TermsPanel({ attribute, lang, search }: { attribute: WcAttribute; lang: Lang; search: string }) {
  const intl = useIntl();
  const client = useQueryClient();
  const toast = useToast();
  const editor = useEditor(lang);
  const [deleting, setDeleting] = useState<WcTerm | null>(null);
  const key = taxonomyKeys.terms(attribute.id);
  const base = `${WC}/products/attributes/${attribute.id}/terms`;
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => allPages<WcTerm>(base, signal), retry: retryServerErrors });
  const remove = useMutation({
    mutationFn: (term: WcTerm) => wc<WcTerm>('DELETE', `${base}/${term.id}?force=true`),
    onSuccess: async (term) => {
      toast(intl.formatMessage({ id: 'dashboard.catalog.deletedNamed' }, { name: nameIn(lang, term) }));
      setDeleting(null);
      await client.invalidateQueries({ queryKey: key });
    },
  });
  const open = (term: WcTerm | null) =>
    editor.open({
      title: intl.formatMessage({ id: term ? 'dashboard.attributes.editTerm' : 'dashboard.attributes.addTerm' }),
      initial: term ? { ...term, extra: term.slug } : { name: '', translations: { fr: '', en: '' }, extra: '' },
      extraLabel: intl.formatMessage({ id: 'dashboard.catalog.slug' }),
      extraHint: intl.formatMessage({ id: 'dashboard.catalog.slugHint' }),
      save: (values) =>
        wc<WcTerm>(term ? 'PUT' : 'POST', term ? `${base}/${term.id}` : base, { ...named(values), ...(values.extra ? { slug: values.extra } : {}) }),
      invalidate: key,
    });
  const columns: Column<WcTerm>[] = [
    {
      id: 'name',
      header: intl.formatMessage({ id: 'dashboard.catalog.name' }),
      rowHeader: true,
      cell: (t) => nameIn(lang, t),
      sortValue: (t) => nameIn(lang, t),
    },
    { id: 'slug', header: intl.formatMessage({ id: 'dashboard.catalog.slug' }), cell: (t) => t.slug, className: 'admin__mono' },
    { id: 'count', header: intl.formatMessage({ id: 'dashboard.attributes.products' }), cell: (t) => t.count, sortValue: (t) => t.count },
    {
      id: 'actions',
      header: intl.formatMessage({ id: 'dashboard.actions' }),
      cell: (t) => (
        <div className="admin__buttons">
          <EditDeleteButtons
            name={nameIn(lang, t)}
            onEdit={() => open(t)}
            onDelete={() => {
              remove.reset();
              setDeleting(t);
            }}
          />
        </div>
      ),
    },
  ];
  return (
    <div className="catalog-terms">
      <div className="catalog-toolbar">
        <h3>{intl.formatMessage({ id: 'dashboard.attributes.termsOf' }, { name: nameIn(lang, attribute) })}</h3>
        <Button size="sm" onClick={() => open(null)}>
          {intl.formatMessage({ id: 'dashboard.attributes.addTerm' })}
        </Button>
      </div>
      <DataTable
        label={intl.formatMessage({ id: 'dashboard.attributes.termsOf' }, { name: nameIn(lang, attribute) })}
        columns={columns}
        rows={query.data?.filter((t) => matches(search, t.name, t.translations.fr, t.translations.en, t.slug))}
        rowKey={(t) => t.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={intl.formatMessage({ id: search ? 'dashboard.catalog.noMatch' : 'dashboard.attributes.noTerms' })}
      />
      {editor.dialog}
      <ConfirmDeleteDialog
        name={deleting ? nameIn(lang, deleting) : null}
        titleId="dashboard.attributes.deleteTermTitle"
        bodyId="dashboard.attributes.deleteTermBody"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}

function AttributeSection({ lang, search }: { lang: Lang; search: string }) {
  const intl = useIntl();
  const client = useQueryClient();
  const toast = useToast();
  const editor = useEditor(lang);
  const [selected, setSelected] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<WcAttribute | null>(null);
  const query = useQuery({
    queryKey: taxonomyKeys.attributes,
    queryFn: ({ signal }) => wc<WcAttribute[]>('GET', `${WC}/products/attributes`, undefined, signal),
    retry: retryServerErrors,
  });
  const remove = useMutation({
    mutationFn: (attribute: WcAttribute) => wc<WcAttribute>('DELETE', `${WC}/products/attributes/${attribute.id}?force=true`),
    onSuccess: async (attribute) => {
      toast(intl.formatMessage({ id: 'dashboard.catalog.deletedNamed' }, { name: nameIn(lang, attribute) }));
      setDeleting(null);
      if (selected === attribute.id) setSelected(null);
      await client.invalidateQueries({ queryKey: taxonomyKeys.attributes });
    },
  });
  const open = (attribute: WcAttribute | null) =>
    editor.open({
      title: intl.formatMessage({ id: attribute ? 'dashboard.attributes.edit' : 'dashboard.attributes.add' }),
      initial: attribute ? { ...attribute, extra: attribute.slug } : { name: '', translations: { fr: '', en: '' }, extra: '' },
      extraLabel: intl.formatMessage({ id: 'dashboard.catalog.slug' }),
      extraHint: intl.formatMessage({ id: 'dashboard.attributes.slugHint' }),
      save: (values) =>
        wc<WcAttribute>(attribute ? 'PUT' : 'POST', attribute ? `${WC}/products/attributes/${attribute.id}` : `${WC}/products/attributes`, {
          ...named(values),
          ...(values.extra ? { slug: values.extra } : {}),
        }),
      invalidate: taxonomyKeys.attributes,
    });
  const chosen = query.data?.find((a) => a.id === selected);
  const columns: Column<WcAttribute>[] = [
    {
      id: 'name',
      header: intl.formatMessage({ id: 'dashboard.catalog.name' }),
      rowHeader: true,
      cell: (a) => nameIn(lang, a),
      sortValue: (a) => nameIn(lang, a),
    },
    { id: 'slug', header: intl.formatMessage({ id: 'dashboard.catalog.slug' }), cell: (a) => a.slug, className: 'admin__mono' },
    {
      id: 'actions',
      header: intl.formatMessage({ id: 'dashboard.actions' }),
      cell: (a) => (
        <div className="admin__buttons">
          <Button variant={selected === a.id ? 'primary' : 'secondary'} size="sm" aria-pressed={selected === a.id} onClick={() => setSelected(a.id)}>
            {intl.formatMessage({ id: 'dashboard.attributes.terms' })}
          </Button>
          <EditDeleteButtons
            name={nameIn(lang, a)}
            onEdit={() => open(a)}
            onDelete={() => {
              remove.reset();
              setDeleting(a);
            }}
          />
        </div>
      ),
    },
  ];
  return (
    <section className="admin__section" aria-labelledby="attributes-title">
      <div className="catalog-toolbar">
        <h2 id="attributes-title">{intl.formatMessage({ id: 'dashboard.attributes.listTitle' })}</h2>
        <Button onClick={() => open(null)}>{intl.formatMessage({ id: 'dashboard.attributes.add' })}</Button>
      </div>
      <DataTable
        label={intl.formatMessage({ id: 'dashboard.attributes.listTitle' })}
        columns={columns}
        rows={query.data?.filter((a) => matches(search, a.name, a.translations.fr, a.translations.en, a.slug) || a.id === selected)}
        rowKey={(a) => a.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={intl.formatMessage({ id: search ? 'dashboard.catalog.noMatch' : 'dashboard.attributes.empty' })}
      />
      {chosen ? <TermsPanel attribute={chosen} lang={lang} search={search} /> : null}
      {editor.dialog}
      <ConfirmDeleteDialog
        name={deleting ? nameIn(lang, deleting) : null}
        titleId="dashboard.attributes.deleteTitle"
        bodyId="dashboard.attributes.deleteBody"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}

function AllergensView() {
  const intl = useIntl();
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const [search, setSearch] = useState('');
  return (
    <>
      <Field type="search" label={intl.formatMessage({ id: 'dashboard.catalog.search' })} value={search} onChange={(event) => setSearch(event.target.value)} />
      <AllergenSection lang={lang} search={search} />
      <AttributeSection lang={lang} search={search} />
    </>
  );
}

/** /dashboard/catalog/allergens (products.manage): allergen names and icons, global attributes and their terms. */
export default function AllergensPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.allergens.title' })}>
        <AllergensView />
      </DashboardFrame>
    </StaffGate>
  );
}
