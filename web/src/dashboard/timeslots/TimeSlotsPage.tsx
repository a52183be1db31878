import type { FulfilmentType, SlotWeekTime, TimeSlot } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod';
import { HttpError, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button, DataTable, Notice, Skeleton, useToast, type Column } from '../../ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { DashboardFrame } from '../admin/DashboardFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import { addDays, blockSlot, copyDay, createSlot, listSlots, loadWeek, removeSlot, slotsKey, updateSlot, weekKey, type TimeSlotBody } from './timeSlotsApi';
import './timeslots.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const TYPES = ['takeaway', 'delivery', 'dinein'] as const satisfies readonly FulfilmentType[];
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The form; texts are message ids. The server checks the same rules (contract/src/time-slots.ts) and decides. */
const slotForm = z
  .object({
    start_time: z.string().regex(CLOCK, 'dashboard.timeslots.error.time'),
    end_time: z.string().regex(CLOCK, 'dashboard.timeslots.error.time'),
    interval_minutes: z.string().regex(/^\d{1,4}$/, 'dashboard.timeslots.error.interval'),
    capacity_mode: z.enum(['orders', 'items', 'amount']),
    capacity: z
      .string()
      .trim()
      .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'dashboard.timeslots.error.capacity'),
    when: z.enum(['weekly', 'date']),
    repeat_days: z.array(z.string()),
    specific_date: z.string(),
    custom_message: z.string().max(500, 'dashboard.timeslots.error.message'),
    is_available: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (CLOCK.test(v.start_time) && CLOCK.test(v.end_time)) {
      const length = minutesOf(v.end_time) - minutesOf(v.start_time);
      if (length <= 0) issue('end_time', 'dashboard.timeslots.error.endBeforeStart');
      else if (Number(v.interval_minutes) > length) issue('interval_minutes', 'dashboard.timeslots.error.intervalFit');
    }
    if (/^\d+$/.test(v.interval_minutes) && Number(v.interval_minutes) < 1) issue('interval_minutes', 'dashboard.timeslots.error.interval');
    if (v.capacity_mode !== 'amount' && /[.,]/.test(v.capacity)) issue('capacity', 'dashboard.timeslots.error.capacity');
    if (v.when === 'weekly' && v.repeat_days.length === 0) issue('repeat_days', 'dashboard.timeslots.error.days');
    if (v.when === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v.specific_date)) issue('specific_date', 'dashboard.timeslots.error.date');
  });
type SlotFormInput = z.input<typeof slotForm>;

const NEW_SLOT: SlotFormInput = {
  start_time: '17:00',
  end_time: '20:00',
  interval_minutes: '15',
  capacity_mode: 'orders',
  capacity: '4',
  when: 'weekly',
  repeat_days: ['1', '2', '3', '4', '5', '6', '7'],
  specific_date: '',
  custom_message: '',
  is_available: true,
};

function formOf(slot: TimeSlot): SlotFormInput {
  const capacity =
    slot.capacity_mode === 'items' ? String(slot.max_items ?? 0) : slot.capacity_mode === 'amount' ? (slot.max_amount ?? '0') : String(slot.max_orders);
  return {
    start_time: slot.start_time,
    end_time: slot.end_time,
    interval_minutes: String(slot.interval_minutes),
    capacity_mode: slot.capacity_mode,
    capacity,
    when: slot.specific_date ? 'date' : 'weekly',
    repeat_days: slot.repeat_days.map(String),
    specific_date: slot.specific_date ?? '',
    custom_message: slot.custom_message,
    is_available: slot.is_available,
  };
}

function bodyOf(type: FulfilmentType, v: z.output<typeof slotForm>, editing: TimeSlot | null): TimeSlotBody {
  const capacity = v.capacity.replace(',', '.');
  return {
    type,
    start_time: v.start_time,
    end_time: v.end_time,
    interval_minutes: Number(v.interval_minutes),
    capacity_mode: v.capacity_mode,
    max_orders: v.capacity_mode === 'orders' ? Number(capacity) : (editing?.max_orders ?? 0),
    max_items: v.capacity_mode === 'items' ? Number(capacity) : (editing?.max_items ?? null),
    max_amount: v.capacity_mode === 'amount' ? Number(capacity).toFixed(2) : (editing?.max_amount ?? null),
    specific_date: v.when === 'date' ? v.specific_date : null,
    repeat_weekly: v.when === 'weekly',
    repeat_days: v.when === 'weekly' ? v.repeat_days.map(Number) : [],
    custom_message: v.custom_message,
    is_available: v.is_available,
    blocked_dates: editing?.blocked_dates ?? [],
  };
}

const weekdayName = (intl: IntlShape, day: number, width: 'short' | 'long' = 'short') =>
  // 2024-01-01 was a Monday.
  intl.formatDate(new Date(Date.UTC(2024, 0, day, 12)), { weekday: width, timeZone: 'UTC' });

function capacityText(intl: IntlShape, slot: Pick<TimeSlot, 'capacity_mode' | 'max_orders' | 'max_items' | 'max_amount'>) {
  if (slot.capacity_mode === 'items') return intl.formatMessage({ id: 'dashboard.timeslots.capacityItems' }, { count: slot.max_items ?? 0 });
  if (slot.capacity_mode === 'amount') return intl.formatNumber(Number(slot.max_amount ?? 0), { style: 'currency', currency: 'EUR' });
  return intl.formatMessage({ id: 'dashboard.timeslots.capacityOrders' }, { count: slot.max_orders });
}

/** The server's refusal in the staff's words: the field it names, or its message. */
function refusalText(intl: IntlShape, error: unknown): string {
  if (error instanceof HttpError && error.status === 0) return intl.formatMessage({ id: 'account.error.network' });
  return error instanceof Error ? error.message : String(error);
}

function SlotForm({ type, editing, onDone }: { type: FulfilmentType; editing: TimeSlot | null; onDone: (saved: TimeSlot | null) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const client = useQueryClient();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, watch, reset } = useZodForm(slotForm, { defaultValues: editing ? formOf(editing) : NEW_SLOT });
  const [failure, setFailure] = useState<string | null>(null);
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitSuccessful);
  const mode = watch('capacity_mode');
  const when = watch('when');

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = bodyOf(type, values, editing);
      const saved = editing ? await updateSlot(editing.id, body) : await createSlot(body);
      toast(intl.formatMessage({ id: 'dashboard.timeslots.saved' }));
      reset(formOf(saved));
      await client.invalidateQueries({ queryKey: ['dashboard', 'time-slots', type] });
      onDone(saved);
    } catch (error) {
      toast(intl.formatMessage({ id: 'dashboard.timeslots.saveFailed' }));
      setFailure(refusalText(intl, error));
    }
  });
  const field = (name: Exclude<keyof SlotFormInput, 'repeat_days' | 'is_available'>) => ({
    ...register(name),
    error: errorText(formState.errors[name]),
  });
  const capacityLabel = intl.formatMessage({ id: `dashboard.timeslots.capacity.${mode}` });

  return (
    <form className="account-form admin__form timeslots__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="slot-form-title">
      <h2 id="slot-form-title">{intl.formatMessage({ id: editing ? 'dashboard.timeslots.editTitle' : 'dashboard.timeslots.newTitle' })}</h2>
      {failure ? (
        <Notice tone="error" role="alert">
          <span data-testid="slot-save-failed">{intl.formatMessage({ id: 'dashboard.timeslots.saveFailed' })}</span> {failure}
        </Notice>
      ) : null}
      <div className="admin__row">
        <Field label={intl.formatMessage({ id: 'dashboard.timeslots.start' })} type="time" required {...field('start_time')} />
        <Field label={intl.formatMessage({ id: 'dashboard.timeslots.end' })} type="time" required {...field('end_time')} />
        <Field
          label={intl.formatMessage({ id: 'dashboard.timeslots.interval' })}
          type="number"
          inputMode="numeric"
          min={1}
          required
          {...field('interval_minutes')}
        />
      </div>
      <div className="admin__row">
        <Field as="select" label={intl.formatMessage({ id: 'dashboard.timeslots.capacityMode' })} {...field('capacity_mode')}>
          {(['orders', 'items', 'amount'] as const).map((m) => (
            <option key={m} value={m}>
              {intl.formatMessage({ id: `dashboard.timeslots.mode.${m}` })}
            </option>
          ))}
        </Field>
        <Field label={capacityLabel} inputMode={mode === 'amount' ? 'decimal' : 'numeric'} required {...field('capacity')} />
      </div>
      <fieldset className="admin__fieldset">
        <legend>{intl.formatMessage({ id: 'dashboard.timeslots.when' })}</legend>
        <div className="chips">
          {(['weekly', 'date'] as const).map((w) => (
            <label key={w} className="timeslots__choice">
              <input type="radio" value={w} {...register('when')} /> {intl.formatMessage({ id: `dashboard.timeslots.when.${w}` })}
            </label>
          ))}
        </div>
        {when === 'weekly' ? (
          <div className="timeslots__days" role="group" aria-label={intl.formatMessage({ id: 'dashboard.timeslots.days' })}>
            {WEEKDAYS.map((day) => (
              <label key={day} className="timeslots__choice">
                <input type="checkbox" value={String(day)} {...register('repeat_days')} /> {weekdayName(intl, day)}
              </label>
            ))}
            {formState.errors.repeat_days ? (
              <p className="field-error" data-testid="field-error">
                {errorText(formState.errors.repeat_days as never)}
              </p>
            ) : null}
          </div>
        ) : (
          <Field label={intl.formatMessage({ id: 'dashboard.timeslots.date' })} type="date" required {...field('specific_date')} />
        )}
      </fieldset>
      <Field as="textarea" label={intl.formatMessage({ id: 'dashboard.timeslots.message' })} rows={2} {...field('custom_message')} />
      <Field as="checkbox" label={intl.formatMessage({ id: 'dashboard.timeslots.available' })} {...register('is_available')} />
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'dashboard.timeslots.save' })}</SubmitButton>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

function SlotList({ type, onEdit }: { type: FulfilmentType; onEdit: (slot: TimeSlot) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const client = useQueryClient();
  const [removing, setRemoving] = useState<TimeSlot | null>(null);
  const query = useQuery({ queryKey: slotsKey(type), queryFn: ({ signal }) => listSlots(type, signal), retry: retryServerErrors });
  const remove = useMutation({
    mutationFn: (slot: TimeSlot) => removeSlot(slot.id),
    onSuccess: async () => {
      toast(intl.formatMessage({ id: 'dashboard.timeslots.removed' }));
      setRemoving(null);
      await client.invalidateQueries({ queryKey: ['dashboard', 'time-slots', type] });
    },
    onError: () => toast(intl.formatMessage({ id: 'dashboard.timeslots.removeFailed' })),
  });
  const timeOf = (s: TimeSlot) => `${s.start_time}–${s.end_time}`;
  const columns: Column<TimeSlot>[] = [
    { id: 'time', header: intl.formatMessage({ id: 'dashboard.timeslots.time' }), rowHeader: true, cell: timeOf, sortValue: (s) => s.start_time },
    {
      id: 'interval',
      header: intl.formatMessage({ id: 'dashboard.timeslots.interval' }),
      cell: (s) => intl.formatMessage({ id: 'dashboard.timeslots.minutes' }, { count: s.interval_minutes }),
      sortValue: (s) => s.interval_minutes,
    },
    { id: 'capacity', header: intl.formatMessage({ id: 'dashboard.timeslots.capacity' }), cell: (s) => capacityText(intl, s) },
    {
      id: 'when',
      header: intl.formatMessage({ id: 'dashboard.timeslots.when' }),
      cell: (s) =>
        s.specific_date
          ? intl.formatDate(`${s.specific_date}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })
          : s.repeat_days.map((d) => weekdayName(intl, d)).join(', '),
    },
    {
      id: 'available',
      header: intl.formatMessage({ id: 'dashboard.timeslots.availableShort' }),
      cell: (s) => intl.formatMessage({ id: s.is_available ? 'dashboard.timeslots.yes' : 'dashboard.timeslots.no' }),
    },
    {
      id: 'actions',
      header: intl.formatMessage({ id: 'dashboard.actions' }),
      cell: (s) => (
        <div className="admin__buttons">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onEdit(s)}
            aria-label={intl.formatMessage({ id: 'dashboard.timeslots.editFor' }, { time: timeOf(s) })}
          >
            {intl.formatMessage({ id: 'dashboard.timeslots.edit' })}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              remove.reset();
              setRemoving(s);
            }}
            aria-label={intl.formatMessage({ id: 'dashboard.timeslots.removeFor' }, { time: timeOf(s) })}
          >
            {intl.formatMessage({ id: 'dashboard.timeslots.remove' })}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label={intl.formatMessage({ id: 'dashboard.timeslots.listTitle' })}
        columns={columns}
        rows={query.data}
        rowKey={(s) => s.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={intl.formatMessage({ id: 'dashboard.timeslots.empty' })}
      />
      <ConfirmDialog
        open={removing !== null}
        title={intl.formatMessage({ id: 'dashboard.timeslots.removeTitle' })}
        confirmLabel={intl.formatMessage({ id: 'dashboard.timeslots.remove' })}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      >
        <p>{intl.formatMessage({ id: 'dashboard.timeslots.removeBody' }, { time: removing ? timeOf(removing) : '' })}</p>
        {remove.error ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'dashboard.timeslots.removeFailed' })}
          </Notice>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function WeekView({ type }: { type: FulfilmentType }) {
  const intl = useIntl();
  const toast = useToast();
  const client = useQueryClient();
  const [from, setFrom] = useState<string | null>(null);
  const query = useQuery({ queryKey: weekKey(type, from), queryFn: ({ signal }) => loadWeek(type, from, signal), retry: retryServerErrors });
  const block = useMutation({
    mutationFn: ({ time, date }: { time: SlotWeekTime; date: string }) => blockSlot(time.slot_id, date, !time.blocked),
    onSuccess: async () => {
      toast(intl.formatMessage({ id: 'dashboard.timeslots.saved' }));
      await client.invalidateQueries({ queryKey: ['dashboard', 'time-slots', type] });
    },
    onError: () => toast(intl.formatMessage({ id: 'dashboard.timeslots.saveFailed' })),
  });
  const start = query.data?.days[0]?.date ?? null;
  return (
    <section className="admin__section" aria-labelledby="slot-week-title">
      <div className="timeslots__week-head">
        <h2 id="slot-week-title">{intl.formatMessage({ id: 'dashboard.timeslots.weekTitle' })}</h2>
        <div className="admin__buttons">
          <Button size="sm" variant="secondary" disabled={!start} onClick={() => start && setFrom(addDays(start, -7))}>
            {intl.formatMessage({ id: 'dashboard.timeslots.previousWeek' })}
          </Button>
          <Button size="sm" variant="secondary" disabled={!start} onClick={() => start && setFrom(addDays(start, 7))}>
            {intl.formatMessage({ id: 'dashboard.timeslots.nextWeek' })}
          </Button>
        </div>
      </div>
      {query.isPending ? <Skeleton height="8em" /> : null}
      {query.isError ? <DashboardError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <div className="timeslots__week" data-testid="slot-week">
          {query.data.days.map((day) => (
            <section key={day.date} className="timeslots__day" aria-label={intl.formatDate(`${day.date}T12:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' })}>
              <h3>{intl.formatDate(`${day.date}T12:00:00Z`, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })}</h3>
              {day.times.length === 0 ? <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.timeslots.dayEmpty' })}</p> : null}
              <ul>
                {day.times.map((time) => {
                  const full = time.booked >= time.capacity;
                  const booked =
                    time.capacity_mode === 'amount'
                      ? `${intl.formatNumber(time.booked / 100, { style: 'currency', currency: 'EUR' })}/${intl.formatNumber(time.capacity / 100, { style: 'currency', currency: 'EUR' })}`
                      : `${time.booked}/${time.capacity}`;
                  return (
                    <li
                      key={`${time.slot_id}-${time.time}`}
                      className={`timeslots__time${time.blocked || !time.available ? ' is-blocked' : ''}${full ? ' is-full' : ''}`}
                      data-testid="week-time"
                      data-date={day.date}
                      data-time={time.time}
                    >
                      <span>
                        {time.time}–{time.end}
                      </span>
                      <span className="timeslots__booked" data-testid="week-booked">
                        {booked}
                      </span>
                      {time.blocked ? <span className="admin__muted">{intl.formatMessage({ id: 'dashboard.timeslots.blocked' })}</span> : null}
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={block.isPending && block.variables?.time === time}
                        onClick={() => block.mutate({ time, date: day.date })}
                        aria-label={intl.formatMessage(
                          { id: time.blocked ? 'dashboard.timeslots.unblockFor' : 'dashboard.timeslots.blockFor' },
                          { time: `${time.time}`, date: day.date },
                        )}
                      >
                        {intl.formatMessage({ id: time.blocked ? 'dashboard.timeslots.unblock' : 'dashboard.timeslots.block' })}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
      <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.timeslots.blockHint' })}</p>
    </section>
  );
}

function CopyDay({ type }: { type: FulfilmentType }) {
  const intl = useIntl();
  const toast = useToast();
  const client = useQueryClient();
  const [fromDay, setFromDay] = useState(1);
  const [toDays, setToDays] = useState<number[]>([]);
  const copy = useMutation({
    mutationFn: () => copyDay({ type, from_day: fromDay, to_days: toDays }),
    onSuccess: async () => {
      toast(intl.formatMessage({ id: 'dashboard.timeslots.saved' }));
      setToDays([]);
      await client.invalidateQueries({ queryKey: ['dashboard', 'time-slots', type] });
    },
    onError: () => toast(intl.formatMessage({ id: 'dashboard.timeslots.saveFailed' })),
  });
  return (
    <section className="admin__section" aria-labelledby="slot-copy-title">
      <h2 id="slot-copy-title">{intl.formatMessage({ id: 'dashboard.timeslots.copyTitle' })}</h2>
      <form
        className="timeslots__copy"
        onSubmit={(event) => {
          event.preventDefault();
          if (toDays.length) copy.mutate();
        }}
      >
        <Field
          as="select"
          label={intl.formatMessage({ id: 'dashboard.timeslots.copyFrom' })}
          value={String(fromDay)}
          onChange={(e) => setFromDay(Number(e.target.value))}
        >
          {WEEKDAYS.map((d) => (
            <option key={d} value={d}>
              {weekdayName(intl, d, 'long')}
            </option>
          ))}
        </Field>
        <fieldset className="admin__fieldset">
          <legend>{intl.formatMessage({ id: 'dashboard.timeslots.copyTo' })}</legend>
          <div className="timeslots__days">
            {WEEKDAYS.filter((d) => d !== fromDay).map((d) => (
              <label key={d} className="timeslots__choice">
                <input
                  type="checkbox"
                  checked={toDays.includes(d)}
                  onChange={(e) => setToDays((days) => (e.target.checked ? [...days, d] : days.filter((x) => x !== d)))}
                />{' '}
                {weekdayName(intl, d)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" variant="secondary" busy={copy.isPending} disabled={toDays.length === 0}>
          {intl.formatMessage({ id: 'dashboard.timeslots.copy' })}
        </Button>
      </form>
    </section>
  );
}

/**
 * /dashboard/timeslots (timeslots.manage): the slots per fulfilment type, a form to add or change one, the
 * week with bookings per slot time (block a time on one date), copying a day, the four notices as toasts.
 */
export default function TimeSlotsPage() {
  const intl = useIntl();
  const [type, setType] = useState<FulfilmentType>('takeaway');
  const [editing, setEditing] = useState<TimeSlot | 'new' | null>(null);
  // A lowered capacity below bookings already made: they are kept, and the manager is told.
  const [belowBookings, setBelowBookings] = useState<number | null>(null);
  useEffect(() => setEditing(null), [type]);
  const done = (saved: TimeSlot | null) => {
    setEditing(null);
    const times = saved?.warnings?.reduce((sum, w) => sum + w.times.length, 0) ?? 0;
    setBelowBookings(times > 0 ? times : null);
  };
  return (
    <StaffGate permission={PERMISSION.timeslotsManage}>
      <DashboardFrame
        title={intl.formatMessage({ id: 'dashboard.timeslots.title' })}
        actions={
          editing === null ? (
            <Button onClick={() => setEditing('new')} data-testid="new-slot">
              {intl.formatMessage({ id: 'dashboard.timeslots.new' })}
            </Button>
          ) : null
        }
      >
        <div className="chips timeslots__types" role="group" aria-label={intl.formatMessage({ id: 'dashboard.timeslots.type' })}>
          {TYPES.map((t) => (
            <Button key={t} size="sm" variant={t === type ? 'primary' : 'secondary'} aria-pressed={t === type} onClick={() => setType(t)}>
              {intl.formatMessage({ id: `dashboard.timeslots.type.${t}` })}
            </Button>
          ))}
        </div>
        {belowBookings !== null ? (
          <Notice tone="warning" role="status">
            <span data-testid="below-bookings">{intl.formatMessage({ id: 'dashboard.timeslots.belowBookings' }, { count: belowBookings })}</span>
          </Notice>
        ) : null}
        {editing !== null ? (
          <section className="admin__section">
            <SlotForm key={editing === 'new' ? 'new' : editing.id} type={type} editing={editing === 'new' ? null : editing} onDone={done} />
          </section>
        ) : null}
        <section className="admin__section" aria-labelledby="slot-list-title">
          <h2 id="slot-list-title">{intl.formatMessage({ id: 'dashboard.timeslots.listTitle' })}</h2>
          <SlotList type={type} onEdit={setEditing} />
        </section>
        <WeekView type={type} />
        <CopyDay type={type} />
      </DashboardFrame>
    </StaffGate>
  );
}
