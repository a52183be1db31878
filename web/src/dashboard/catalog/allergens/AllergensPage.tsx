import type { Translations, WcAllergen, WcAttribute, WcTerm } from '@bakje/contract';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { EditDeleteButtons } from '../EditDeleteButtons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { HttpError, retryServerErrors } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../../forms/useZodForm';
import { useLocale } from '../../../i18n/LocaleProvider';
import { Button, DataTable, Field, Notice, useToast, type Column } from '../../../ui';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { EditorDialog } from '../DiscardGuard';
import { allPages, matches, nameIn, taxonomyKeys, wc, WC, type Lang } from '../taxonomyApi';
import '../catalog.css';

const text = z.string().trim().max(200);
const schema = z.object({
  name: text.min(1, 'form.required'),
  fr: text,
  en: text,
  /** Slug (attributes, terms) or icon path (allergens). */
  extra: z.string().trim().max(500),
});
type Values = z.output<typeof schema>;
type Named = { name: string; translations: Translations };

/** One small form for the three kinds: names in three languages and one more field. */
function NameForm({
  initial,
  extraLabel,
  extraHint,
  extraRequired,
  onSave,
  onDone,
  onDirty,
}: {
  initial: Named & { extra: string };
  extraLabel: string;
  extraHint?: string;
  extraRequired?: boolean;
  onSave: (values: Values) => Promise<Named>;
  onDone: (saved: Named) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, setError } = useZodForm(
    extraRequired ? schema.extend({ extra: z.string().trim().min(1, 'form.required').max(500) }) : schema,
    { defaultValues: { name: initial.name, fr: initial.translations.fr, en: initial.translations.en, extra: initial.extra } },
  );
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onDirty(formState.isDirty && !formState.isSubmitSuccessful), [formState.isDirty, formState.isSubmitSuccessful, onDirty]);
  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      onDone(await onSave(values));
    } catch (error) {
      if (error instanceof HttpError && error.code === 'term_exists') setError('extra', { type: 'server', message: 'dashboard.categories.slugTaken' });
      else if (error instanceof HttpError && /icon|slug/.test(error.message)) setError('extra', { type: 'server', message: error.message });
      else setProblem(error instanceof HttpError ? error.message : intl.formatMessage({ id: 'dashboard.catalog.saveFailed' }));
    }
  });
  return (
    <form className="admin__form catalog-form" onSubmit={(event) => void submit(event)} noValidate>
      {problem ? (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      ) : null}
      <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameNl' })} required marked {...register('name')} error={errorText(formState.errors.name)} />
      <div className="admin__row">
        <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameFr' })} marked {...register('fr')} />
        <Field label={intl.formatMessage({ id: 'dashboard.catalog.nameEn' })} marked {...register('en')} />
      </div>
      <Field label={extraLabel} hint={extraHint} required={extraRequired} marked {...register('extra')} error={errorText(formState.errors.extra)} />
      <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'dashboard.catalog.save' })}</SubmitButton>
    </form>
  );
}

interface Editing {
  title: string;
  initial: Named & { extra: string };
  extraLabel: string;
  extraHint?: string;
  extraRequired?: boolean;
  save: (values: Values) => Promise<Named>;
  invalidate: readonly unknown[];
}

function useEditor(lang: Lang) {
  const intl = useIntl();
  const toast = useToast();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    setEditing(null);
  };
  const dialog = editing ? (
    <EditorDialog open dirty={dirty} onClose={close} title={editing.title}>
      <NameForm
        initial={editing.initial}
        extraLabel={editing.extraLabel}
        extraHint={editing.extraHint}
        extraRequired={editing.extraRequired}
        onSave={editing.save}
        onDirty={setDirty}
        onDone={(saved) => {
          toast(intl.formatMessage({ id: 'dashboard.catalog.savedNamed' }, { name: nameIn(lang, saved) }));
          void client.invalidateQueries({ queryKey: editing.invalidate });
          close();
        }}
      />
    </EditorDialog>
  ) : null;
  return { open: setEditing, dialog };
}

const named = (values: Values) => ({ name: values.name, translations: { fr: values.fr, en: values.en } });

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
