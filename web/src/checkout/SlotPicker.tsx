import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useStoreSettings } from '../api/hooks';
import type { FulfilmentType } from '../cart/cartApi';
import type { LocaleCode } from '../i18n/locale';
import { useLocale } from '../i18n/LocaleProvider';
import { Button, ErrorState, InLanguage, Notice, SHOP_TEXT_LANG, Skeleton } from '../ui';
import { loadOrderingDays, loadSlots } from './checkoutApi';

/** The note on a day chip that has no free slot time: fully booked is not the same as ordering having ended. */
const DAY_NOTES = { FULL: 'slots.dayFull', ENDED: 'slots.dayEnded', NO_SLOTS: 'slots.dayNone', CLOSED: 'slots.dayClosed' } as const;

/**
 * The slot times in runs that share a message (a slot definition's note, e.g. "lunch menu only"): the message is
 * shown once, at the first time it is about, not above the whole day (issue 31).
 */
export function slotRuns<T extends { message?: string | null }>(slots: readonly T[]): { message: string | null; slots: T[] }[] {
  const runs: { message: string | null; slots: T[] }[] = [];
  for (const slot of slots) {
    const message = slot.message || null;
    const last = runs.at(-1);
    if (last && last.message === message) last.slots.push(slot);
    else runs.push({ message, slots: [slot] });
  }
  return runs;
}

export const slotQueryKey = (locale: string, type: FulfilmentType, date: string | null) => ['availableTimeSlots', locale, type, date] as const;
const daysQuery = (locale: LocaleCode, type: FulfilmentType) => ({
  queryKey: ['orderingDays', locale, type] as const,
  queryFn: () => loadOrderingDays(locale, type),
  staleTime: 60_000,
});

type OrderingDay = Awaited<ReturnType<typeof loadOrderingDays>>[number];

/** The day the picker starts on: the first that still has a free place, else the first. */
const startDay = (days: OrderingDay[] | undefined) => (days ? (days.find((d) => d.hasSlots) ?? days[0]) : undefined);

/**
 * The day the picker starts on when its days are loaded already (the checkout waits for them before it shows
 * the form): the form starts with it rather than setting it in an effect after its first commit, which
 * rendered the whole form once more in the takeover's long task (TBT, docs/decisions/0056-checkout-first-paint.md).
 */
export function useInitialDay(type: FulfilmentType): string | null {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  return startDay(queryClient.getQueryData<OrderingDay[]>(daysQuery(locale, type).queryKey))?.date ?? null;
}

/**
 * Loads what the picker first shows (the days, and the slots of the day it starts on) so the checkout can
 * wait for them and appear whole: a slot list growing in after the form would push every section below it
 * down (the checkout's layout shift, docs/decisions/0044-first-paint.md). Answers true while loading.
 */
export function usePickerLoading(type: FulfilmentType, enabled: boolean): boolean {
  const { locale } = useLocale();
  const days = useQuery({ ...daysQuery(locale, type), enabled });
  const first = startDay(days.data);
  const slots = useQuery({
    queryKey: slotQueryKey(locale, type, first?.date ?? null),
    queryFn: () => loadSlots(locale, type, first!.date),
    enabled: enabled && !!first,
  });
  return enabled && (days.isPending || (!!first && slots.isPending));
}

/**
 * The day and time picker (docs/product.md §2): the ordering days, then every slot time of the chosen day with
 * fully booked times shown but not selectable, and the slot's own message.
 */
export function SlotPicker({
  type,
  day,
  slotId,
  onDay,
  onSlot,
  error,
}: {
  type: FulfilmentType;
  day: string | null;
  slotId: string | null;
  onDay: (date: string) => void;
  onSlot: (id: string) => void;
  error?: string | null;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { data: settings } = useStoreSettings();
  const timeZone = settings?.timeZone ?? 'Europe/Brussels';
  const days = useQuery(daysQuery(locale, type));
  const slots = useQuery({
    queryKey: slotQueryKey(locale, type, day),
    queryFn: () => loadSlots(locale, type, day!),
    enabled: !!day,
    // Places fill up while the customer fills in the form: keep the picture fresh.
    refetchInterval: 30_000,
  });

  // Start on the first day that still has a free place.
  useEffect(() => {
    if (!days.data) return;
    if (day && days.data.some((d) => d.date === day)) return;
    const first = startDay(days.data);
    if (first) onDay(first.date);
  }, [days.data, day, onDay]);

  const time = (iso: string) => intl.formatTime(iso, { hour: 'numeric', minute: '2-digit', timeZone });
  const chosenDay = days.data?.find((d) => d.date === day);
  // Today's slot times have all passed: say so (not "fully booked") and offer the next day with room.
  const ended = chosenDay?.state === 'ENDED';
  const nextOpen = ended ? days.data?.find((d) => d.date > chosenDay.date && d.state === 'OPEN') : undefined;
  const left = (s: { remaining: number; capacityMode: string }) =>
    s.capacityMode === 'ITEMS'
      ? intl.formatMessage({ id: 'slots.remainingItems' }, { count: s.remaining })
      : s.capacityMode === 'AMOUNT'
        ? intl.formatMessage({ id: 'slots.available' })
        : intl.formatMessage({ id: 'slots.remaining' }, { count: s.remaining });

  return (
    <div className="slot-picker">
      {days.isPending ? <Skeleton height="2.5em" /> : null}
      {days.isError ? <ErrorState error={days.error} onRetry={() => void days.refetch()} /> : null}
      {days.data ? (
        <fieldset className="choice-group">
          <legend className="choice-group__legend">{intl.formatMessage({ id: 'slots.day' })}</legend>
          <div className="chips">
            {days.data.map((d) => (
              <label
                key={d.date}
                className={`chip${d.date === day ? ' is-selected' : ''}${d.hasSlots ? '' : ' is-muted'}`}
                data-testid="day-option"
                data-date={d.date}
              >
                <input type="radio" name="slot-day" value={d.date} checked={d.date === day} onChange={() => onDay(d.date)} />
                <span>{d.label}</span>
                {d.state === 'OPEN' ? null : (
                  <span className="chip__note" data-testid="day-note">
                    {intl.formatMessage({ id: DAY_NOTES[d.state] })}
                  </span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {!day && error ? (
        <p className="field-error" id="slot-error" data-testid="slot-error" role="alert">
          {error}
        </p>
      ) : null}
      {day ? (
        <fieldset className="choice-group" aria-describedby={error ? 'slot-error' : undefined} id="slot-picker" tabIndex={-1}>
          <legend className="choice-group__legend">
            {intl.formatMessage({ id: 'slots.time' })}
            <span aria-hidden="true"> *</span>
          </legend>
          {slots.isPending ? <Skeleton height="4em" /> : null}
          {slots.isError ? <ErrorState error={slots.error} onRetry={() => void slots.refetch()} /> : null}
          {ended ? (
            <Notice tone="info">
              <span data-testid="today-ended">{intl.formatMessage({ id: 'slots.todayEnded' })}</span>{' '}
              {nextOpen ? (
                <Button variant="secondary" size="sm" onClick={() => onDay(nextOpen.date)} data-testid="next-day">
                  {intl.formatMessage({ id: 'slots.orderFor' }, { day: nextOpen.label })}
                </Button>
              ) : null}
            </Notice>
          ) : null}
          {slots.data && slots.data.length === 0 && !ended ? <p data-testid="no-slots">{intl.formatMessage({ id: 'slots.none' })}</p> : null}
          {slots.data && slots.data.length > 0 ? (
            <div className="slots">
              {slotRuns(slots.data).map((run, index) => {
                const messageId = run.message ? `slot-message-${index}` : undefined;
                return [
                  run.message ? (
                    <p key={messageId} id={messageId} className="slots__message" data-testid="slot-message">
                      <InLanguage lang={SHOP_TEXT_LANG}>{run.message}</InLanguage>
                    </p>
                  ) : null,
                  ...run.slots.map((s) => (
                    <label
                      key={s.id}
                      className={`slot${s.id === slotId ? ' is-selected' : ''}${s.isFullyBooked ? ' is-full' : ''}`}
                      data-testid="slot-option"
                      data-slot-id={s.id}
                      data-full={s.isFullyBooked ? 'true' : 'false'}
                    >
                      <input
                        type="radio"
                        name="slot"
                        value={s.id}
                        checked={s.id === slotId}
                        disabled={s.isFullyBooked}
                        onChange={() => onSlot(s.id)}
                        aria-describedby={messageId}
                      />
                      <span className="slot__time">
                        {time(s.start)} – {time(s.end)}
                      </span>
                      <span className="slot__state">{s.isFullyBooked ? intl.formatMessage({ id: 'slots.full' }) : left(s)}</span>
                    </label>
                  )),
                ];
              })}
            </div>
          ) : null}
          {error ? (
            <p className="field-error" id="slot-error" data-testid="slot-error">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
