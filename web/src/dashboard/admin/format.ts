import type { IntlShape } from 'react-intl';

/** A moment in the dashboard lists: date and time in the viewer's language, or "never". */
export function formatMoment(intl: IntlShape, iso: string | null | undefined): string {
  if (!iso) return intl.formatMessage({ id: 'dashboard.never' });
  return intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}
