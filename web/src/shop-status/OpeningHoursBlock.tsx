import type { PublicOpeningHours, WeekHours } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { http } from '../api/http';
import { InLanguage, SHOP_TEXT_LANG } from '../ui/OtherLanguage';
import './shop-status.css';

const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** The shop's opening hours for customers: the week (per fulfilment type where they differ) and coming closures. */
export function OpeningHoursBlock() {
  const intl = useIntl();
  const query = useQuery({
    queryKey: ['shop', 'opening-hours'],
    queryFn: ({ signal }) => http<PublicOpeningHours>('GET', '/api/opening-hours', { signal }),
    staleTime: 60_000,
  });
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // 2024-01-01 was a Monday: weekday n is 2024-01-0n.
  const dayName = (weekday: string) => intl.formatDate(new Date(Date.UTC(2024, 0, Number(weekday), 12)), { weekday: 'long', timeZone: 'UTC' });
  const dateText = (date: string) => intl.formatDate(new Date(`${date}T12:00:00Z`), { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const periods = (week: WeekHours, day: (typeof DAYS)[number]) =>
    week[day]?.length ? week[day].map((p) => `${p.open}–${p.close}`).join(', ') : t('ordering.closedDay');
  if (query.isPending) return <p className="opening-block__muted">{t('shopHours.loading')}</p>;
  if (query.isError) return <p className="opening-block__muted">{t('shopHours.unavailable')}</p>;
  const { week, exceptions } = query.data;
  const same = (a: WeekHours, b: WeekHours) => JSON.stringify(a) === JSON.stringify(b);
  const extra = (['delivery', 'dinein'] as const).filter((type) => !same(week[type], week.takeaway));
  return (
    <section className="opening-block" aria-labelledby="opening-block-title" data-testid="opening-hours">
      <h2 id="opening-block-title" className="opening-block__title">
        {t('ordering.openingHours')}
      </h2>
      <dl className="opening-block__week">
        {DAYS.map((day) => (
          <div key={day} className="opening-block__row">
            <dt>{dayName(day)}</dt>
            <dd>
              {periods(week.takeaway, day)}
              {extra.map((type) => (
                <span key={type} className="opening-block__type">
                  {' '}
                  · {t(`shopStatus.type.${type}`)}: {periods(week[type], day)}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      {exceptions.length > 0 ? (
        <>
          <h3 className="opening-block__subtitle">{t('shopHours.exceptions')}</h3>
          <ul className="opening-block__exceptions">
            {exceptions.map((e) => {
              const when = e.from === e.to ? dateText(e.from) : t('shopHours.range', { from: dateText(e.from), to: dateText(e.to) });
              const what = e.periods.length ? e.periods.map((p) => `${p.open}–${p.close}`).join(', ') : t('shopHours.closed');
              return (
                <li key={e.from}>
                  {when}: {what}
                  {e.note ? (
                    <>
                      {' '}
                      <InLanguage lang={SHOP_TEXT_LANG}>({e.note})</InLanguage>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
