import type { Translations } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { retryServerErrors } from '../../../api/http';
import { Button, DataTable, Field, useToast, type Column } from '../../../ui';
import { DashboardError } from '../../admin/StaffGate';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { EditDeleteButtons } from '../EditDeleteButtons';
import { matches, nameIn, wc, type Lang } from '../taxonomyApi';
import { named, useEditor } from './NameEditor';

/** What every taxonomy row the dashboard lists has. */
export interface TaxonomyRow {
  id: number;
  name: string;
  translations: Translations;
}

/** The small editor of a flat taxonomy: names in three languages and one more field (a slug, an icon). */
export interface NamesEditor<T> {
  title: (row: T | null) => string;
  extraLabel: string;
  extraHint?: string;
  extraRequired?: boolean;
  extraOf: (row: T) => string;
  /** The one more field in the body sent (nothing for an empty slug: the server makes one). */
  extraBody: (value: string) => object;
}

/** A taxonomy's own editor (categories): shown for a row, or null for a new one. */
export type OwnEditor<T> = (row: T | null, all: T[], close: () => void) => ReactNode;

/** A taxonomy's own list instead of the table (the categories' ordered list). */
export type OwnList<T> = (list: { query: UseQueryResult<T[], unknown>; shown: T[]; search: string; buttons: (row: T) => ReactNode }) => ReactNode;

/** One taxonomy on a dashboard page, as its definition in `taxonomies.tsx` configures it. */
export interface TaxonomyConfig<T extends TaxonomyRow> {
  /** The heading's id; with it the list is a labelled section with an h2, without it a panel with an h3. */
  id?: string;
  title: string;
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<T[]>;
  /** Where rows are created; a row is `{collection}/{id}`. */
  collection: string;
  /** The texts a search looks in, besides the names. */
  searchIn: (row: T) => string[];
  /** Kept in the list whatever the search (the attribute whose terms are open). */
  keep?: (row: T) => boolean;
  columns: Column<T>[];
  empty: string;
  /** Under the section's own search field while something is searched. */
  searchHint?: string;
  /** The add button's text; no add button without it. */
  add?: { label: string; size?: 'sm'; needsList?: boolean };
  editor: NamesEditor<T> | OwnEditor<T>;
  /** Deleting, with the confirm dialog's texts and the toast's; rows cannot be deleted without it. */
  remove?: { titleId: string; bodyId: string; doneId: string; allowed?: (row: T) => boolean; done?: (row: T) => void };
  /** Buttons before edit and delete. */
  actions?: (row: T) => ReactNode;
  own?: OwnList<T>;
  /** Shown below the list (an attribute's terms). */
  below?: (rows: T[]) => ReactNode;
}

/** A search field, inside a section or above several. */
export function TaxonomySearch({ value, onChange, hint }: { value: string; onChange: (value: string) => void; hint?: string }) {
  const intl = useIntl();
  return (
    <Field
      type="search"
      label={intl.formatMessage({ id: 'dashboard.catalog.search' })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
    />
  );
}

/**
 * One taxonomy's list with search, add, edit and delete: the one component the categories, tags, allergens,
 * attributes and terms screens are made of (docs/decisions/0064-one-taxonomy-service.md). With `search` from
 * the page it shares the page's search; without, it has its own search field.
 */
export function TaxonomySection<T extends TaxonomyRow>({ config, lang, search: pageSearch }: { config: TaxonomyConfig<T>; lang: Lang; search?: string }) {
  const intl = useIntl();
  const client = useQueryClient();
  const toast = useToast();
  const names = useEditor(lang);
  const [ownSearch, setOwnSearch] = useState('');
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const search = pageSearch ?? ownSearch;
  const query = useQuery({ queryKey: config.queryKey, queryFn: ({ signal }) => config.load(signal), retry: retryServerErrors });
  const remove = useMutation({
    mutationFn: (row: T) => wc<T>('DELETE', `${config.collection}/${row.id}?force=true`),
    onSuccess: async (row) => {
      toast(intl.formatMessage({ id: config.remove!.doneId }, { name: nameIn(lang, row) }));
      setDeleting(null);
      config.remove!.done?.(row);
      await client.invalidateQueries({ queryKey: config.queryKey });
    },
  });
  const editor = config.editor;
  const open = (row: T | null) => {
    if (typeof editor === 'function') {
      setEditing(row ?? 'new');
      return;
    }
    names.open({
      title: editor.title(row),
      initial: row ? { ...row, extra: editor.extraOf(row) } : { name: '', translations: { fr: '', en: '' }, extra: '' },
      extraLabel: editor.extraLabel,
      extraHint: editor.extraHint,
      extraRequired: editor.extraRequired,
      save: (values) =>
        wc<T>(row ? 'PUT' : 'POST', row ? `${config.collection}/${row.id}` : config.collection, { ...named(values), ...editor.extraBody(values.extra) }),
      invalidate: config.queryKey,
    });
  };
  const buttons = (row: T) => (
    <EditDeleteButtons
      name={nameIn(lang, row)}
      onEdit={() => open(row)}
      onDelete={
        config.remove && (config.remove.allowed?.(row) ?? true)
          ? () => {
              remove.reset();
              setDeleting(row);
            }
          : undefined
      }
    />
  );
  const shown = (query.data ?? []).filter(
    (row) => matches(search, row.name, row.translations.fr, row.translations.en, ...config.searchIn(row)) || config.keep?.(row),
  );
  const columns: Column<T>[] = [
    ...config.columns,
    {
      id: 'actions',
      header: intl.formatMessage({ id: 'dashboard.actions' }),
      cell: (row) => (
        <div className="admin__buttons">
          {config.actions?.(row)}
          {buttons(row)}
        </div>
      ),
    },
  ];
  const Heading = config.id ? 'h2' : 'h3';
  const heading = <Heading id={config.id}>{config.title}</Heading>;
  const body = (
    <>
      {config.add ? (
        <div className="catalog-toolbar">
          {heading}
          <Button size={config.add.size} onClick={() => open(null)} disabled={config.add.needsList && !query.data}>
            {config.add.label}
          </Button>
        </div>
      ) : (
        heading
      )}
      {pageSearch === undefined ? <TaxonomySearch value={ownSearch} onChange={setOwnSearch} hint={ownSearch ? config.searchHint : undefined} /> : null}
      {config.own ? (
        config.own({ query, shown, search, buttons })
      ) : (
        <DataTable
          label={config.title}
          columns={columns}
          rows={query.data ? shown : undefined}
          rowKey={(row) => row.id}
          loading={query.isPending}
          error={query.error}
          errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
          empty={search ? intl.formatMessage({ id: 'dashboard.catalog.noMatch' }) : config.empty}
        />
      )}
      {config.below?.(query.data ?? [])}
      {names.dialog}
      {editing && typeof editor === 'function' ? editor(editing === 'new' ? null : editing, query.data ?? [], () => setEditing(null)) : null}
      {config.remove ? (
        <ConfirmDeleteDialog
          name={deleting ? nameIn(lang, deleting) : null}
          titleId={config.remove.titleId}
          bodyId={config.remove.bodyId}
          busy={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(null)}
          onConfirm={() => deleting && remove.mutate(deleting)}
        />
      ) : null}
    </>
  );
  return config.id ? (
    <section className="admin__section" aria-labelledby={config.id}>
      {body}
    </section>
  ) : (
    <div className="catalog-terms">{body}</div>
  );
}
