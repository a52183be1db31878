import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { retryServerErrors } from '../../api/http';
import { DashboardFrame } from '../admin/DashboardFrame';
import { PERMISSION } from '../admin/permissions';
import { StaffGate } from '../admin/StaffGate';
import { listMedia, mediaKey } from './media-api';
import { MediaItemActions } from './MediaItemActions';
import { MediaGrid, MediaPager, MediaPicker, type PickedImage } from './MediaPicker';

const PER_PAGE = 24;

/**
 * /dashboard/media (products.manage): upload images and videos and see every upload, newest first
 * (docs/decisions/0024-media.md, videos 0049).
 */
export default function MediaLibraryPage() {
  const intl = useIntl();
  const [last, setLast] = useState<PickedImage | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const searchId = useId();
  const query = useQuery({
    queryKey: [...mediaKey, 'page', search, page],
    queryFn: ({ signal }) => listMedia({ page, perPage: PER_PAGE, search, signal }),
    retry: retryServerErrors,
  });
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.media.title' })}>
        <p className="admin__lead">{intl.formatMessage({ id: 'dashboard.media.lead' })}</p>
        <section className="admin__section" aria-labelledby="media-upload-title">
          <h2 id="media-upload-title">{intl.formatMessage({ id: 'dashboard.media.uploadTitle' })}</h2>
          <MediaPicker value={last} onChange={setLast} label={intl.formatMessage({ id: 'dashboard.media.newMedia' })} withVideos />
        </section>
        <section className="admin__section" aria-labelledby="media-list-title">
          <h2 id="media-list-title">{intl.formatMessage({ id: 'dashboard.media.listTitle' })}</h2>
          <div className="account-field">
            <label htmlFor={searchId}>{intl.formatMessage({ id: 'dashboard.media.search' })}</label>
            <input
              id={searchId}
              type="search"
              className="input"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
          <MediaGrid
            items={query.data?.items}
            loading={query.isPending}
            error={query.isError}
            onRetry={() => void query.refetch()}
            renderAction={(item) => <MediaItemActions item={item} />}
          />
          <MediaPager page={page} totalPages={query.data?.totalPages ?? 0} onPage={setPage} />
        </section>
      </DashboardFrame>
    </StaffGate>
  );
}
