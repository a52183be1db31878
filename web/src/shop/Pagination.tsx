import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from '../ui/icons';
import { pageWindow } from './filtering';

export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={intl.formatMessage({ id: 'pagination.label' })}>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link className="pagination__link" to={hrefFor(page - 1)} rel="prev" aria-label={intl.formatMessage({ id: 'pagination.previous' })}>
              <ChevronLeft />
            </Link>
          ) : (
            <span className="pagination__link is-disabled" aria-hidden="true">
              <ChevronLeft />
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                className={`pagination__link${p === page ? ' is-current' : ''}`}
                to={hrefFor(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={intl.formatMessage({ id: 'pagination.page' }, { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link className="pagination__link" to={hrefFor(page + 1)} rel="next" aria-label={intl.formatMessage({ id: 'pagination.next' })}>
              <ChevronRight />
            </Link>
          ) : (
            <span className="pagination__link is-disabled" aria-hidden="true">
              <ChevronRight />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
