import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MenuImportProblem, MenuImportResult, MenuImportView } from '@bakje/contract';
import { http, HttpError, retryServerErrors } from '../../../api/http';
import { Button, ButtonAnchor, DataTable, Notice, type Column } from '../../../ui';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { problemText } from './problemText';
import { ShopImportSection } from './ShopImportSection';

const IMPORT_URL = '/api/admin/menu/import';
const importKey = (id: string) => ['dashboard', 'menu-import', id] as const;
const isResult = (result: MenuImportView['result']): result is MenuImportResult => result !== null && 'created' in result;

const problemColumns = (t: (key: string) => string, intl: IntlShape): Column<MenuImportProblem>[] => [
  { id: 'row', header: t('dashboard.menuTransfer.row'), rowHeader: true, sortValue: (p) => p.row, cell: (p) => p.row },
  { id: 'column', header: t('dashboard.menuTransfer.column'), cell: (p) => p.column },
  { id: 'message', header: t('dashboard.menuTransfer.message'), cell: (p) => <span className="admin__break">{problemText(intl, p)}</span> },
];

function ImportProgress({ id }: { id: string }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const view = useQuery({
    queryKey: importKey(id),
    queryFn: ({ signal }) => http<MenuImportView>('GET', `${IMPORT_URL}/${id}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'applying' ? 500 : false),
    retry: retryServerErrors,
  });
  if (view.isError) return <DashboardError error={view.error} onRetry={() => void view.refetch()} />;
  const data = view.data;
  if (!data) return null;
  if (data.status === 'applying') {
    // First the images come in (before any row is written), then the rows.
    const images = data.applied === 0 && data.images && data.images.total > 0 && data.images.done < data.images.total ? data.images : null;
    return (
      <div aria-live="polite">
        <progress max={images ? images.total : data.total} value={images ? images.done : data.applied} aria-label={t('dashboard.menuTransfer.progress')} />
        <p className="admin__muted">
          {images
            ? t('dashboard.menuTransfer.applyingImages', { done: images.done, total: images.total })
            : t('dashboard.menuTransfer.applying', { applied: data.applied, total: data.total })}
        </p>
      </div>
    );
  }
  if (data.status === 'done' && isResult(data.result)) {
    const imageProblems = data.result.imageProblems ?? [];
    return (
      <>
        <Notice tone="success" role="status">
          {t('dashboard.menuTransfer.done', {
            created: data.result.created,
            updated: data.result.updated,
            variations: data.result.variations,
            categories: data.result.categories,
          })}
          {data.result.images ? ` ${t('dashboard.menuTransfer.doneImages', { images: data.result.images })}` : ''}
        </Notice>
        {imageProblems.length > 0 ? (
          <>
            <Notice tone="warning">{t('dashboard.menuTransfer.imageProblems', { count: imageProblems.length })}</Notice>
            <DataTable
              label={t('dashboard.menuTransfer.imageProblemsTable')}
              columns={problemColumns(t, intl)}
              rows={imageProblems}
              rowKey={(p) => `${p.row}-${p.message}`}
              empty=""
            />
          </>
        ) : null}
      </>
    );
  }
  if (data.status === 'failed' && data.result && !isResult(data.result)) {
    return (
      <Notice tone="error" role="alert">
        {t('dashboard.menuTransfer.failed', { row: data.result.row ?? '?', error: data.result.error })}
      </Notice>
    );
  }
  return null;
}

function ImportSection() {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const client = useQueryClient();
  const fileId = useId();
  const [preview, setPreview] = useState<MenuImportView | null>(null);
  const [applyingId, setApplyingId] = useState<string | null>(null);
  const read = useMutation({
    mutationFn: async (file: File) =>
      http<MenuImportView>('POST', `${IMPORT_URL}?fileName=${encodeURIComponent(file.name)}`, { raw: { contentType: 'text/csv', text: await file.text() } }),
    onSuccess: (view) => {
      setPreview(view);
      setApplyingId(null);
    },
  });
  const apply = useMutation({
    mutationFn: (id: string) => http<MenuImportView>('POST', `${IMPORT_URL}/${id}/apply`),
    onSuccess: (view) => {
      client.setQueryData(importKey(view.id), view);
      setApplyingId(view.id);
      setPreview(null);
    },
  });
  const products = preview?.rows.filter((r) => r.kind === 'product').length ?? 0;

  return (
    <section aria-labelledby="menu-import-title" className="admin__section">
      <h2 id="menu-import-title">{t('dashboard.menuTransfer.importTitle')}</h2>
      <p className="admin__lead">{t('dashboard.menuTransfer.importLead')}</p>
      <div className="account-field">
        <label htmlFor={fileId}>{t('dashboard.menuTransfer.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          disabled={read.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) read.mutate(file);
            event.target.value = '';
          }}
        />
      </div>
      {read.isPending ? <p role="status">{t('dashboard.menuTransfer.reading')}</p> : null}
      {read.error ? (
        <Notice tone="error" role="alert">
          {read.error instanceof HttpError && read.error.status === 413 ? t('dashboard.menuTransfer.tooLarge') : t('dashboard.menuTransfer.readFailed')}
        </Notice>
      ) : null}
      {preview ? (
        <div className="admin__section">
          <h3>{t('dashboard.menuTransfer.previewTitle', { file: preview.fileName || 'CSV' })}</h3>
          {preview.problems.length > 0 ? (
            <>
              <Notice tone="warning" role="alert">
                {t('dashboard.menuTransfer.problems', { count: preview.problems.length })}
              </Notice>
              <DataTable
                label={t('dashboard.menuTransfer.problemsTable')}
                columns={problemColumns(t, intl)}
                rows={preview.problems}
                rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
                empty=""
              />
            </>
          ) : (
            <p>{t('dashboard.menuTransfer.ready', { products, variations: preview.total - products })}</p>
          )}
          {apply.error ? (
            <Notice tone="error" role="alert">
              {t('dashboard.menuTransfer.applyFailed')}
            </Notice>
          ) : null}
          <div className="admin__buttons">
            <Button disabled={preview.problems.length > 0 || preview.total === 0} busy={apply.isPending} onClick={() => apply.mutate(preview.id)}>
              {t('dashboard.menuTransfer.apply', { count: preview.total })}
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)}>
              {t('dashboard.menuTransfer.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
      {applyingId ? <ImportProgress id={applyingId} /> : null}
    </section>
  );
}

/**
 * /dashboard/catalog/import (products.manage): bring a menu in from a WooCommerce product CSV or from a running
 * shop over its REST API, take it out as CSV or JSON.
 */
export default function MenuTransferPage() {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame title={t('dashboard.menuTransfer.title')}>
        <ImportSection />
        <ShopImportSection />
        <section aria-labelledby="menu-export-title" className="admin__section">
          <h2 id="menu-export-title">{t('dashboard.menuTransfer.exportTitle')}</h2>
          <p className="admin__lead">{t('dashboard.menuTransfer.exportLead')}</p>
          <div className="admin__buttons">
            <ButtonAnchor variant="secondary" href="/api/admin/menu/export.csv" download>
              {t('dashboard.menuTransfer.exportCsv')}
            </ButtonAnchor>
            <ButtonAnchor variant="secondary" href="/api/admin/menu/export.json" download>
              {t('dashboard.menuTransfer.exportJson')}
            </ButtonAnchor>
          </div>
        </section>
      </DashboardFrame>
    </StaffGate>
  );
}
