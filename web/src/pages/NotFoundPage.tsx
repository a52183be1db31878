import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ButtonLink } from '../ui';
import { useFirstPaintDone } from '../shell/firstPaint';

/**
 * The error page (docs/product.md §2): status code (default 404), 'Page not found' and the path.
 * The server answers unknown paths with HTTP 404 and this app.
 */
export function ErrorPageContent({ status = 404, title, detail }: { status?: number; title?: string; detail?: string }) {
  const intl = useIntl();
  const location = useLocation();
  const heading = title ?? intl.formatMessage({ id: status === 404 ? 'error.notFoundTitle' : 'error.genericTitle' });
  useDocumentTitle(`${status} – ${heading}`);
  useFirstPaintDone();
  return (
    <div className="error-page container" data-testid="error-page">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-page__title">
        <span className="visually-hidden">{status} </span>
        {heading}
      </h1>
      <p className="error-page__path">
        {intl.formatMessage({ id: 'error.path' })} <code data-testid="error-path">{location.pathname}</code>
      </p>
      {detail ? <p className="error-page__detail">{detail}</p> : null}
      <div className="error-page__actions">
        <ButtonLink to="/bestellen" variant="primary">
          {intl.formatMessage({ id: 'error.toMenu' })}
        </ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {intl.formatMessage({ id: 'error.toHome' })}
        </ButtonLink>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return <ErrorPageContent status={404} />;
}
