import { useIntl } from 'react-intl';

export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  const intl = useIntl();
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label ?? intl.formatMessage({ id: 'common.loading' })}</span>
    </span>
  );
}

export function Skeleton({ width, height, className, round }: { width?: string | number; height?: string | number; className?: string; round?: boolean }) {
  return (
    <span className={['skeleton', round ? 'skeleton--round' : '', className ?? ''].filter(Boolean).join(' ')} style={{ width, height }} aria-hidden="true" />
  );
}
