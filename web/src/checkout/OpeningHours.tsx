import { useIntl } from 'react-intl';

/** The opening hours per weekday (ISO weekday 1 = Monday), folded away under a summary. */
export function OpeningHours({ week }: { week: { weekday: number; periods: { open: string; close: string }[] }[] }) {
  const intl = useIntl();
  // 2024-01-01 was a Monday: weekday n is 2024-01-0n.
  const dayName = (weekday: number) => intl.formatDate(new Date(Date.UTC(2024, 0, weekday, 12)), { weekday: 'long', timeZone: 'UTC' });
  return (
    <details className="opening-hours">
      <summary>{intl.formatMessage({ id: 'ordering.openingHours' })}</summary>
      <dl>
        {week.map((d) => (
          <div key={d.weekday} className="opening-hours__row">
            <dt>{dayName(d.weekday)}</dt>
            <dd>{d.periods.length ? d.periods.map((p) => `${p.open}–${p.close}`).join(', ') : intl.formatMessage({ id: 'ordering.closedDay' })}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
