import type { WcTag } from '@bakje/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/LocaleProvider';
import { Button, DataTable, Field, useToast, type Column } from '../../../ui';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { EditDeleteButtons } from '../EditDeleteButtons';
import { named, useEditor } from '../NameEditor';
import { matches, nameIn, taxonomyKeys, wc, type Lang } from '../taxonomyApi';
import '../catalog.css';

import { TAGS, useTags } from './useTags';

function TagsView() {
  const intl = useIntl();
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const client = useQueryClient();
  const toast = useToast();
  const editor = useEditor(lang);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<WcTag | null>(null);
  const query = useTags();
  const remove = useMutation({
    mutationFn: (tag: WcTag) => wc<WcTag>('DELETE', `${TAGS}/${tag.id}?force=true`),
    onSuccess: async (tag) => {
      toast(intl.formatMessage({ id: 'dashboard.catalog.deletedNamed' }, { name: nameIn(lang, tag) }));
      setDeleting(null);
      await client.invalidateQueries({ queryKey: taxonomyKeys.tags });
    },
  });
  const open = (tag: WcTag | null) =>
    editor.open({
      title: intl.formatMessage({ id: tag ? 'dashboard.tags.edit' : 'dashboard.tags.add' }),
      initial: tag ? { ...tag, extra: tag.slug } : { name: '', translations: { fr: '', en: '' }, extra: '' },
      extraLabel: intl.formatMessage({ id: 'dashboard.catalog.slug' }),
      extraHint: intl.formatMessage({ id: 'dashboard.catalog.slugHint' }),
      save: (values) =>
        wc<WcTag>(tag ? 'PUT' : 'POST', tag ? `${TAGS}/${tag.id}` : TAGS, { ...named(values), ...(values.extra ? { slug: values.extra } : {}) }),
      invalidate: taxonomyKeys.tags,
    });
  const columns: Column<WcTag>[] = [
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
    <section className="admin__section" aria-labelledby="tags-title">
      <div className="catalog-toolbar">
        <h2 id="tags-title">{intl.formatMessage({ id: 'dashboard.tags.listTitle' })}</h2>
        <Button onClick={() => open(null)}>{intl.formatMessage({ id: 'dashboard.tags.add' })}</Button>
      </div>
      <Field type="search" label={intl.formatMessage({ id: 'dashboard.catalog.search' })} value={search} onChange={(event) => setSearch(event.target.value)} />
      <DataTable
        label={intl.formatMessage({ id: 'dashboard.tags.listTitle' })}
        columns={columns}
        rows={query.data?.filter((t) => matches(search, t.name, t.translations.fr, t.translations.en, t.slug))}
        rowKey={(t) => t.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={intl.formatMessage({ id: search ? 'dashboard.catalog.noMatch' : 'dashboard.tags.empty' })}
      />
      {editor.dialog}
      <ConfirmDeleteDialog
        name={deleting ? nameIn(lang, deleting) : null}
        titleId="dashboard.tags.deleteTitle"
        bodyId="dashboard.tags.deleteBody"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}

/** /dashboard/catalog/tags (products.manage): product tags with names in three languages. */
export default function TagsPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.tags.title' })}>
        <TagsView />
      </DashboardFrame>
    </StaffGate>
  );
}
