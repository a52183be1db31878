import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Field } from '../../account/Field';
import { Button, Dialog, Notice } from '../../ui';
import { saveAgeSettings } from './kitchenApi';
import type { KitchenSettings } from './kitchenOrders';

/** Managers set when the age timers turn amber and red; every kitchen screen reads it on its next refresh. */
export function AgeSettingsDialog({ open, onClose, settings }: { open: boolean; onClose: () => void; settings: KitchenSettings }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [amber, setAmber] = useState(String(settings.ageAmberMinutes));
  const [red, setRed] = useState(String(settings.ageRedMinutes));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: saveAgeSettings,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['kitchen', 'settings'] });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const a = Number(amber);
    const r = Number(red);
    const ok = Number.isInteger(a) && Number.isInteger(r) && a >= 1 && r <= 1440 && a < r;
    setInvalid(!ok);
    if (ok) save.mutate({ ageAmberMinutes: a, ageRedMinutes: r });
  };
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
          <Button type="submit" form={formId} busy={save.isPending}>
            {intl.formatMessage({ id: 'kitchen.settings.save' })}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field label={intl.formatMessage({ id: 'kitchen.settings.amber' })} type="number" inputMode="numeric" min={1} max={1440} value={amber} onChange={(e) => setAmber(e.target.value)} />
        <Field label={intl.formatMessage({ id: 'kitchen.settings.red' })} type="number" inputMode="numeric" min={1} max={1440} value={red} onChange={(e) => setRed(e.target.value)} />
        {invalid ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'kitchen.settings.invalid' })}
          </Notice>
        ) : null}
        {save.isError ? (
          <Notice tone="error" role="alert">
            {save.error.message}
          </Notice>
        ) : null}
      </form>
    </Dialog>
  );
}
