import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { http, retryServerErrors } from '../../api/http';
import { useLocale } from '../../i18n/LocaleProvider';
import { useDebouncedValue } from '../../lib/useDebounced';
import { ButtonLink, EmptyState, Spinner } from '../../ui';
import { Field } from '../../ui/Field';
import { DashboardFrame } from '../admin/DashboardFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import { useStaffSession } from '../admin/useStaffSession';
import { inLang, langOf, MANUALS_URL, manualsKey, type ManualSummary } from './manualsApi';
import './manuals.css';

/** /dashboard/manuals (every staff role): the staff help pages, searchable in title and text in the three languages. */
export default function ManualsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { locale } = useLocale();
  const lang = langOf(locale);
  const session = useStaffSession();
  const canWrite = session.data?.permissions.includes(PERMISSION.manualsManage) ?? false;
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const query = useQuery({
    queryKey: [...manualsKey, 'list', lang, term],
    queryFn: ({ signal }) => http<ManualSummary[]>('GET', `${MANUALS_URL}?lang=${lang}${term ? `&search=${encodeURIComponent(term)}` : ''}`, { signal }),
    retry: retryServerErrors,
    placeholderData: (previous) => previous,
  });
  return (
    <StaffGate permission={PERMISSION.dashboardView}>
      <DashboardFrame
        title={t('dashboard.manuals.title')}
        actions={
          canWrite ? (
            <ButtonLink to="/dashboard/manuals/new" variant="primary">
              {t('dashboard.manuals.new')}
            </ButtonLink>
          ) : undefined
        }
      >
        <p className="admin__lead">{t('dashboard.manuals.lead')}</p>
        <div role="search" className="manuals__search">
          <Field type="search" label={t('dashboard.manuals.search')} value={search} onChange={(event) => setSearch(event.target.value)} maxLength={200} />
        </div>
        <section className="admin__section" aria-live="polite" aria-busy={query.isFetching}>
          {query.isPending ? (
            <Spinner size="lg" label={t('common.loading')} />
          ) : query.isError ? (
            <DashboardError error={query.error} onRetry={() => void query.refetch()} />
          ) : query.data.length === 0 ? (
            <EmptyState title={term ? t('dashboard.manuals.noMatch') : t('dashboard.manuals.empty')} />
          ) : (
            <ul className="manuals__list" aria-label={t('dashboard.manuals.listLabel')}>
              {query.data.map((manual) => (
                <li key={manual.id} className="manuals__item" data-testid="manual-row">
                  <h2 className="manuals__item-title">
                    <Link to={`/dashboard/manuals/${manual.id}`}>{inLang(manual.title, lang)}</Link>
                  </h2>
                  <p className="admin__muted">{manual.excerpt}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DashboardFrame>
    </StaffGate>
  );
}
