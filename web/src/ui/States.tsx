import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button';

export function EmptyState({ title, children, action, icon }: { title: string; children?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="state state--empty">
      {icon ? (
        <div className="state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="state__title">{title}</h2>
      {children ? <div className="state__body">{children}</div> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}

/** A failed request: the message (docs/product.md §8: the first GraphQL error's text) and a retry button. */
export function ErrorState({ error, onRetry, title }: { error?: unknown; onRetry?: () => void; title?: string }) {
  const intl = useIntl();
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <div className="state state--error" role="alert">
      <h2 className="state__title">{title ?? intl.formatMessage({ id: 'error.loadFailed' })}</h2>
      {message ? <p className="state__detail">{message}</p> : null}
      {onRetry ? (
        <div className="state__action">
          <Button variant="primary" onClick={onRetry}>
            {intl.formatMessage({ id: 'common.retry' })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Pages whose feature comes in a later issue: a clear state inside the real layout. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="state state--soon">
      <p className="state__eyebrow">{intl.formatMessage({ id: 'soon.eyebrow' })}</p>
      <h1 className="state__title">{title}</h1>
      <p className="state__body">{intl.formatMessage({ id: 'soon.body' })}</p>
      {children ? <div className="state__action">{children}</div> : null}
    </div>
  );
}

export function Notice({
  tone = 'info',
  children,
  role = 'status',
}: {
  tone?: 'info' | 'success' | 'warning' | 'error';
  children: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <div className={`notice notice--${tone}`} role={role}>
      {children}
    </div>
  );
}
