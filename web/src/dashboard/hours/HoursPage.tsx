import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useWatch, type Control, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError } from '../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button } from '../../ui';
import { Field } from '../../ui/Field';
import { HOURS_URL, hoursKey, TYPES, WEEKDAYS, type OpeningHoursSettings } from './settingsApi';
import { SettingsFooter, SettingsScreen } from './SettingsScreen';
import './hours.css';

const toMinutes = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const clock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'dashboard.hours.error.time');
const period = z
  .object({ open: clock, close: clock })
  .refine((p) => toMinutes(p.close) > toMinutes(p.open), { path: ['close'], message: 'dashboard.hours.error.closeBeforeOpen' });
const periods = z.array(period).superRefine((list, ctx) => {
  const sorted = list.map((p, i) => ({ ...p, i })).sort((a, b) => toMinutes(a.open) - toMinutes(b.open));
  for (let k = 1; k < sorted.length; k++) {
    if (toMinutes(sorted[k]!.open) < toMinutes(sorted[k - 1]!.close))
      ctx.addIssue({ code: 'custom', path: [sorted[k]!.i, 'open'], message: 'dashboard.hours.error.overlap' });
  }
});
const week = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, periods])) as Record<(typeof WEEKDAYS)[number], typeof periods>);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dashboard.hours.error.date');
const exception = z
  .object({ from: date, to: date, closed: z.boolean(), open: z.string(), close: z.string(), note: z.string().max(120) })
  .refine((e) => e.to >= e.from, { path: ['to'], message: 'dashboard.hours.error.toBeforeFrom' })
  .refine((e) => e.closed || clock.safeParse(e.open).success, { path: ['open'], message: 'dashboard.hours.error.time' })
  .refine((e) => e.closed || (clock.safeParse(e.close).success && toMinutes(e.close) > toMinutes(e.open)), {
    path: ['close'],
    message: 'dashboard.hours.error.closeBeforeOpen',
  });
const hoursForm = z.object({
  week,
  own: z.object({ delivery: z.boolean(), takeaway: z.boolean(), dinein: z.boolean() }),
  byType: z.object({ delivery: week, takeaway: week, dinein: week }),
  exceptions: z.array(exception).superRefine((list, ctx) => {
    const sorted = list.map((e, i) => ({ ...e, i })).sort((a, b) => a.from.localeCompare(b.from));
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k]!.from <= sorted[k - 1]!.to)
        ctx.addIssue({ code: 'custom', path: [sorted[k]!.i, 'from'], message: 'dashboard.hours.error.exceptionOverlap' });
    }
  }),
});
type HoursForm = z.input<typeof hoursForm>;
type Week = HoursForm['week'];

const fullWeek = (w: OpeningHoursSettings['week'] | null | undefined): Week =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, (w?.[d] ?? []).map((p) => ({ ...p }))])) as Week;

function formOf(settings: OpeningHoursSettings): HoursForm {
  return {
    week: fullWeek(settings.week),
    own: { delivery: settings.byType.delivery !== null, takeaway: settings.byType.takeaway !== null, dinein: settings.byType.dinein !== null },
    byType: {
      delivery: fullWeek(settings.byType.delivery ?? settings.week),
      takeaway: fullWeek(settings.byType.takeaway ?? settings.week),
      dinein: fullWeek(settings.byType.dinein ?? settings.week),
    },
    exceptions: settings.exceptions.map((e) => ({
      from: e.from,
      to: e.to,
      closed: e.periods.length === 0,
      open: e.periods[0]?.open ?? '',
      close: e.periods[0]?.close ?? '',
      note: e.note,
    })),
  };
}

function bodyOf(values: z.output<typeof hoursForm>) {
  const compact = (w: Week) => Object.fromEntries(WEEKDAYS.filter((d) => w[d].length > 0).map((d) => [d, w[d]]));
  return {
    week: compact(values.week),
    byType: Object.fromEntries(TYPES.map((t) => [t, values.own[t] ? compact(values.byType[t]) : null])),
    exceptions: values.exceptions.map((e) => ({ from: e.from, to: e.to, periods: e.closed ? [] : [{ open: e.open, close: e.close }], note: e.note.trim() })),
  };
}

type FormProps = { control: Control<HoursForm>; register: UseFormRegister<HoursForm>; errors: FieldErrors<HoursForm> };

function DayEditor({
  prefix,
  day,
  control,
  register,
  errors,
}: FormProps & { prefix: `week` | `byType.${(typeof TYPES)[number]}`; day: (typeof WEEKDAYS)[number] }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const name = `${prefix}.${day}` as `week.1`;
  const { fields, append, remove } = useFieldArray({ control, name });
  const dayName = intl.formatMessage({ id: `dashboard.hours.day.${day}` });
  return (
    <div className="hours__day" role="group" aria-label={dayName}>
      <span className="hours__day-name">{dayName}</span>
      <div className="hours__periods">
        {fields.length === 0 ? <span className="admin__muted">{intl.formatMessage({ id: 'dashboard.hours.closed' })}</span> : null}
        {fields.map((f, i) => (
          <div className="hours__period" key={f.id}>
            <Field
              label={intl.formatMessage({ id: 'dashboard.hours.open' }, { day: dayName })}
              inputMode="numeric"
              placeholder="--:--"
              autoComplete="off"
              {...register(`${name}.${i}.open`)}
              error={errorText(errorAt(errors, `${name}.${i}.open`))}
            />
            <Field
              label={intl.formatMessage({ id: 'dashboard.hours.close' }, { day: dayName })}
              inputMode="numeric"
              placeholder="--:--"
              autoComplete="off"
              {...register(`${name}.${i}.close`)}
              error={errorText(errorAt(errors, `${name}.${i}.close`))}
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => remove(i)}
              aria-label={intl.formatMessage({ id: 'dashboard.hours.removePeriod' }, { day: dayName })}
            >
              ×
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => append({ open: '11:00', close: '14:00' })}>
          {intl.formatMessage({ id: 'dashboard.hours.addPeriod' }, { day: dayName })}
        </Button>
      </div>
    </div>
  );
}

function WeekEditor(props: FormProps & { prefix: `week` | `byType.${(typeof TYPES)[number]}` }) {
  return (
    <div className="hours__week">
      {WEEKDAYS.map((day) => (
        <DayEditor key={day} day={day} {...props} />
      ))}
    </div>
  );
}

function Exceptions({ control, register, errors }: FormProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { fields, append, remove } = useFieldArray({ control, name: 'exceptions' });
  const values = useWatch({ control, name: 'exceptions' });
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <fieldset className="admin__fieldset">
      <legend>{t('dashboard.hours.exceptions')}</legend>
      <p className="admin__muted">{t('dashboard.hours.exceptionsLead')}</p>
      {fields.length === 0 ? <p>{t('dashboard.hours.noExceptions')}</p> : null}
      {fields.map((f, i) => (
        <div className="hours__exception" key={f.id} role="group" aria-label={`${t('dashboard.hours.exception')} ${i + 1}`}>
          <div className="admin__row">
            <Field
              label={t('dashboard.hours.from')}
              type="date"
              {...register(`exceptions.${i}.from`)}
              error={errorText(errorAt(errors, `exceptions.${i}.from`))}
            />
            <Field label={t('dashboard.hours.to')} type="date" {...register(`exceptions.${i}.to`)} error={errorText(errorAt(errors, `exceptions.${i}.to`))} />
          </div>
          <Field as="checkbox" label={t('dashboard.hours.closedAllDay')} {...register(`exceptions.${i}.closed`)} />
          {values?.[i]?.closed ? null : (
            <div className="admin__row">
              <Field
                label={t('dashboard.hours.openAt')}
                inputMode="numeric"
                placeholder="--:--"
                autoComplete="off"
                {...register(`exceptions.${i}.open`)}
                error={errorText(errorAt(errors, `exceptions.${i}.open`))}
              />
              <Field
                label={t('dashboard.hours.closeAt')}
                inputMode="numeric"
                placeholder="--:--"
                autoComplete="off"
                {...register(`exceptions.${i}.close`)}
                error={errorText(errorAt(errors, `exceptions.${i}.close`))}
              />
            </div>
          )}
          <Field label={t('dashboard.hours.note')} {...register(`exceptions.${i}.note`)} error={errorText(errorAt(errors, `exceptions.${i}.note`))} />
          <Button variant="secondary" size="sm" onClick={() => remove(i)}>
            {t('dashboard.hours.removeException')}
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => append({ from: '', to: '', closed: true, open: '', close: '', note: '' })}>
        {t('dashboard.hours.addException')}
      </Button>
    </fieldset>
  );
}

/** Server field paths (`exceptions.1.from`, `week.6.0.close`, `byType.delivery.6.0.open`) are the form's own. */
const formFieldOf = (path: string) => (/^(week|byType|exceptions)\./.test(path) ? (path as 'week') : undefined);

function HoursForm({ settings }: { settings: OpeningHoursSettings }) {
  const intl = useIntl();
  const client = useQueryClient();
  const { control, register, handleSubmit, formState, reset, setError } = useZodForm(hoursForm, { defaultValues: formOf(settings) });
  const own = useWatch({ control, name: 'own' });
  const [saved, setSaved] = useState(false);
  const save = useMutation({ mutationFn: (body: unknown) => http<OpeningHoursSettings>('PUT', HOURS_URL, { body }) });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const t = (id: string) => intl.formatMessage({ id });
  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await save.mutateAsync(bodyOf(values));
      client.setQueryData(hoursKey, next);
      reset(formOf(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof HttpError) applyServerFieldErrors(setError, error.fields, formFieldOf, (_f, problem) => problem.message);
    }
  });
  const props = { control, register, errors: formState.errors };
  return (
    <form className="account-form admin__form admin__form--wide hours" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="hours-title">
      <h2 id="hours-title">{t('dashboard.hours.weekTitle')}</h2>
      <p className="admin__muted">{t('dashboard.hours.weekLead')}</p>
      <WeekEditor prefix="week" {...props} />
      {TYPES.map((type) => (
        <fieldset className="admin__fieldset" key={type}>
          <legend>{t(`dashboard.hours.type.${type}`)}</legend>
          <Field as="checkbox" label={t('dashboard.hours.ownHours')} {...register(`own.${type}`)} />
          {own?.[type] ? <WeekEditor prefix={`byType.${type}`} {...props} /> : null}
        </fieldset>
      ))}
      <Exceptions {...props} />
      <SettingsFooter
        error={save.error}
        invalid={Object.keys(formState.errors).length > 0}
        saved={saved}
        submitting={formState.isSubmitting}
        dirty={formState.isDirty}
        onUndo={() => reset()}
      />
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

/** /dashboard/hours (settings.manage): weekly hours, own hours per fulfilment type, holidays and other exceptions. */
export default function HoursPage() {
  const intl = useIntl();
  return (
    <SettingsScreen<OpeningHoursSettings> title={intl.formatMessage({ id: 'dashboard.hours.title' })} queryKey={hoursKey} url={HOURS_URL}>
      {(settings) => <HoursForm settings={settings} />}
    </SettingsScreen>
  );
}
