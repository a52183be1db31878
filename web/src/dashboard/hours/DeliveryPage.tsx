import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError } from '../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button } from '../../ui';
import { Field } from '../../ui/Field';
import { DELIVERY_URL, deliveryKey, type DeliveryRules } from './settingsApi';
import { SettingsFooter, SettingsScreen } from './SettingsScreen';
import './hours.css';

/** Euros as typed ("2,50" or "2.50") to cents. */
const euros = z
  .string()
  .trim()
  .regex(/^\d{1,5}([.,]\d{1,2})?$/, 'dashboard.delivery.error.amount')
  .transform((v) => Math.round(Number(v.replace(',', '.')) * 100));
const decimal = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+([.,]\d+)?$/, message)
    .transform((v) => Number(v.replace(',', '.')))
    .refine((n) => n >= min && n <= max, message);
const postcodes = z
  .string()
  .transform((v) => v.split(/[\s,;]+/).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[1-9]\d{3}$/, 'dashboard.delivery.error.postcode')).min(1, 'dashboard.delivery.error.postcodes'));

const deliveryForm = z.object({
  enabled: z.boolean(),
  minimumOrder: euros,
  fee: euros,
  maximumDistanceKm: decimal(0, 200, 'dashboard.delivery.error.distance'),
  shopAddress: z.string().max(200),
  lat: decimal(-90, 90, 'dashboard.delivery.error.lat'),
  lon: decimal(-180, 180, 'dashboard.delivery.error.lon'),
  roadFactor: decimal(1, 3, 'dashboard.delivery.error.roadFactor'),
  zones: z.array(z.object({ name: z.string().max(80), postcodes, minimumOrder: euros, fee: euros })),
});
type DeliveryForm = z.input<typeof deliveryForm>;

const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function formOf(rules: DeliveryRules): DeliveryForm {
  return {
    enabled: rules.enabled,
    minimumOrder: money(rules.minimumOrder),
    fee: money(rules.fee),
    maximumDistanceKm: String(rules.maximumDistanceKm),
    shopAddress: rules.shopAddress,
    lat: String(rules.origin.lat),
    lon: String(rules.origin.lon),
    roadFactor: String(rules.roadFactor),
    zones: rules.zones.map((z) => ({ name: z.name, postcodes: z.postcodes.join(', '), minimumOrder: money(z.minimumOrder), fee: money(z.fee) })),
  };
}

function bodyOf(v: z.output<typeof deliveryForm>) {
  return {
    enabled: v.enabled,
    minimumOrder: v.minimumOrder,
    fee: v.fee,
    maximumDistanceKm: v.maximumDistanceKm,
    shopAddress: v.shopAddress.trim(),
    origin: { lat: v.lat, lon: v.lon },
    roadFactor: v.roadFactor,
    zones: v.zones.map((z) => ({ name: z.name.trim(), postcodes: z.postcodes, minimumOrder: z.minimumOrder, fee: z.fee })),
  };
}

/** Server paths to form fields: `zones.1.postcodes.0` is the zone's postcodes box, `origin.lat` is `lat`. */
function formFieldOf(path: string): 'lat' | undefined {
  const zone = /^zones\.(\d+)\.(name|postcodes|minimumOrder|fee)/.exec(path);
  if (zone) return `zones.${zone[1]}.${zone[2]}` as 'lat';
  if (path.startsWith('origin.')) return path.slice(7) as 'lat';
  return ['enabled', 'minimumOrder', 'fee', 'maximumDistanceKm', 'shopAddress', 'roadFactor'].includes(path) ? (path as 'lat') : undefined;
}

function DeliveryForm({ rules }: { rules: DeliveryRules }) {
  const intl = useIntl();
  const client = useQueryClient();
  const errorText = useErrorText();
  const { control, register, handleSubmit, formState, reset, setError } = useZodForm(deliveryForm, { defaultValues: formOf(rules) });
  const { fields, append, remove } = useFieldArray({ control, name: 'zones' });
  const [saved, setSaved] = useState(false);
  const save = useMutation({ mutationFn: (body: unknown) => http<DeliveryRules>('PUT', DELIVERY_URL, { body }) });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const t = (id: string) => intl.formatMessage({ id });
  const err = (name: string) => errorText(errorAt(formState.errors, name as 'lat'));
  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await save.mutateAsync(bodyOf(values));
      client.setQueryData(deliveryKey, next);
      reset(formOf(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof HttpError) applyServerFieldErrors(setError, error.fields, formFieldOf, (_f, problem) => problem.message);
    }
  });
  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="delivery-title">
      <h2 id="delivery-title">{t('dashboard.delivery.rulesTitle')}</h2>
      <Field as="checkbox" label={t('dashboard.delivery.enabled')} {...register('enabled')} />
      <div className="admin__row">
        <Field label={t('dashboard.delivery.minimumOrder')} inputMode="decimal" {...register('minimumOrder')} error={err('minimumOrder')} />
        <Field label={t('dashboard.delivery.fee')} inputMode="decimal" {...register('fee')} error={err('fee')} />
        <Field label={t('dashboard.delivery.maximumDistance')} inputMode="decimal" {...register('maximumDistanceKm')} error={err('maximumDistanceKm')} />
      </div>
      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.delivery.shopTitle')}</legend>
        <Field label={t('dashboard.delivery.shopAddress')} {...register('shopAddress')} error={err('shopAddress')} />
        <div className="admin__row">
          <Field label={t('dashboard.delivery.lat')} inputMode="decimal" {...register('lat')} error={err('lat')} />
          <Field label={t('dashboard.delivery.lon')} inputMode="decimal" {...register('lon')} error={err('lon')} />
        </div>
        <Field
          label={t('dashboard.delivery.roadFactor')}
          hint={t('dashboard.delivery.roadFactorHint')}
          inputMode="decimal"
          {...register('roadFactor')}
          error={err('roadFactor')}
        />
      </fieldset>
      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.delivery.zones')}</legend>
        <p className="admin__muted">{t('dashboard.delivery.zonesLead')}</p>
        {fields.length === 0 ? <p>{t('dashboard.delivery.noZones')}</p> : null}
        {fields.map((f, i) => (
          <div className="hours__zone" key={f.id} role="group" aria-label={`${t('dashboard.delivery.zone')} ${i + 1}`}>
            <Field label={t('dashboard.delivery.zoneName')} {...register(`zones.${i}.name`)} error={err(`zones.${i}.name`)} />
            <Field
              label={t('dashboard.delivery.postcodes')}
              hint={t('dashboard.delivery.postcodesHint')}
              {...register(`zones.${i}.postcodes`)}
              error={err(`zones.${i}.postcodes`)}
            />
            <div className="admin__row">
              <Field
                label={t('dashboard.delivery.minimumOrder')}
                inputMode="decimal"
                {...register(`zones.${i}.minimumOrder`)}
                error={err(`zones.${i}.minimumOrder`)}
              />
              <Field label={t('dashboard.delivery.fee')} inputMode="decimal" {...register(`zones.${i}.fee`)} error={err(`zones.${i}.fee`)} />
            </div>
            <Button variant="secondary" size="sm" onClick={() => remove(i)}>
              {t('dashboard.delivery.removeZone')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => append({ name: '', postcodes: '', minimumOrder: money(rules.minimumOrder), fee: money(rules.fee) })}>
          {t('dashboard.delivery.addZone')}
        </Button>
      </fieldset>
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

/** /dashboard/delivery (settings.manage): minimum, fee, distance, the shop's location and postcode zones. */
export default function DeliveryPage() {
  const intl = useIntl();
  return (
    <SettingsScreen<DeliveryRules> title={intl.formatMessage({ id: 'dashboard.delivery.title' })} queryKey={deliveryKey} url={DELIVERY_URL}>
      {(rules) => <DeliveryForm rules={rules} />}
    </SettingsScreen>
  );
}
