import { useIntl } from 'react-intl';

/** Read-only star rating, e.g. 4.5 of 5; the accessible name says it in words. */
export function Stars({ rating, count, size = 'md' }: { rating: number; count?: number; size?: 'sm' | 'md' }) {
  const intl = useIntl();
  const clamped = Math.max(0, Math.min(5, rating));
  const label = intl.formatMessage({ id: 'rating.label' }, { rating: intl.formatNumber(clamped, { maximumFractionDigits: 1 }) });
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={label}>
      <span className="stars__track" aria-hidden="true">
        ★★★★★
        <span className="stars__fill" style={{ width: `${(clamped / 5) * 100}%` }}>
          ★★★★★
        </span>
      </span>
      {count !== undefined ? (
        <span className="stars__count" aria-hidden="true">
          ({count})
        </span>
      ) : null}
    </span>
  );
}
