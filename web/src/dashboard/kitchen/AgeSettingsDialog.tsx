import { MAX_PREP_MINUTES } from '@bakje/contract/kitchen-lanes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button, Dialog, Notice } from '../../ui';
import { Field } from '../../ui/Field';
import { saveAgeSettings } from './kitchenApi';
import type { KitchenSettings } from './kitchenOrders';

const minutes = z
  .string()
  .trim()
  .regex(/^\d+$/, 'kitchen.settings.invalid')
  .transform(Number)
  .refine((value) => value >= 1 && value <= 1440, 'kitchen.settings.invalid');

const prepMinutes = z
  .string()
  .trim()
  .regex(/^\d+$/, 'kitchen.settings.prepInvalid')
  .transform(Number)
  .refine((value) => value <= MAX_PREP_MINUTES, 'kitchen.settings.prepInvalid');

/** The server's rule (PUT /api/kitchen/settings): whole minutes, amber before red; a preparation time 0 to 240. */
const ageSettingsSchema = z
  .object({ ageAmberMinutes: minutes, ageRedMinutes: minutes, prepMinutes })
  .refine((value) => value.ageAmberMinutes < value.ageRedMinutes, { path: ['ageRedMinutes'], message: 'kitchen.settings.invalid' });

/**
 * Managers set when the age timers turn amber and red, and the preparation time that sets each order's fire time
 * (docs/decisions/0068-fire-times.md); every kitchen screen reads it on its next refresh.
 */
export function AgeSettingsDialog({ open, onClose, settings }: { open: boolean; onClose: () => void; settings: KitchenSettings }) {
  const intl = useIntl();
  const client = useQueryClient();
  const errorText = useErrorText();
  const { register, handleSubmit, formState } = useZodForm(ageSettingsSchema, {
    defaultValues: {
      ageAmberMinutes: String(settings.ageAmberMinutes),
      ageRedMinutes: String(settings.ageRedMinutes),
      prepMinutes: String(settings.prepMinutes),
    },
  });
  const save = useMutation({ mutationFn: saveAgeSettings });
  const submit = handleSubmit(async (value) => {
    try {
      await save.mutateAsync(value);
    } catch {
      return; // save.error is shown in the dialog
    }
    await client.invalidateQueries({ queryKey: ['kitchen', 'settings'] });
    onClose();
  });
  const formId = 'kitchen-age-settings';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'kitchen.settings.title' })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage({ id: 'kitchen.confirmTest.cancel' })}
          </Button>
          <SubmitButton form={formId} submitting={formState.isSubmitting}>
            {intl.formatMessage({ id: 'kitchen.settings.save' })}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={intl.formatMessage({ id: 'kitchen.settings.amber' })}
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          {...register('ageAmberMinutes')}
          error={errorText(formState.errors.ageAmberMinutes)}
        />
        <Field
          label={intl.formatMessage({ id: 'kitchen.settings.red' })}
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          {...register('ageRedMinutes')}
          error={errorText(formState.errors.ageRedMinutes)}
        />
        <Field
          label={intl.formatMessage({ id: 'kitchen.settings.prep' })}
          hint={intl.formatMessage({ id: 'kitchen.settings.prepHint' })}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PREP_MINUTES}
          {...register('prepMinutes')}
          error={errorText(formState.errors.prepMinutes)}
        />
        <p>
          <Link to="/dashboard/prep-times">{intl.formatMessage({ id: 'kitchen.settings.prepMore' })}</Link>
        </p>
        {save.isError ? (
          <Notice tone="error" role="alert">
            {save.error.message}
          </Notice>
        ) : null}
      </form>
    </Dialog>
  );
}
