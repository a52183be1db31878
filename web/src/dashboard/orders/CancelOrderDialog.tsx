import { useIntl } from 'react-intl';
import { z } from 'zod';
import { SubmitButton } from '../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button, Dialog, Notice } from '../../ui';
import { Field } from '../../ui/Field';

const schema = z.object({ reason: z.string().trim().min(3, 'dashboard.orders.cancel.reasonRequired').max(500, 'dashboard.orders.cancel.reasonTooLong') });

/**
 * Cancel with a reason (orders page and kitchen): the server frees the slot place and the stock, tells
 * the kitchen and the customer's page, and mails the customer.
 */
export function CancelOrderDialog({
  open,
  pickupNumber,
  onClose,
  onCancel,
}: {
  open: boolean;
  pickupNumber: number;
  onClose: () => void;
  onCancel: (reason: string) => Promise<unknown>;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useZodForm(schema, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onCancel(reason);
      form.reset();
      onClose();
    } catch (error) {
      form.setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('dashboard.orders.cancel.title', { number: pickupNumber })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('dashboard.orders.cancel.keep')}
          </Button>
          <SubmitButton form="cancel-order-form" variant="danger" submitting={form.formState.isSubmitting}>
            {t('dashboard.orders.cancel.confirm')}
          </SubmitButton>
        </>
      }
    >
      <form id="cancel-order-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('dashboard.orders.cancel.body')}</p>
        <Field
          as="textarea"
          label={t('dashboard.orders.cancel.reason')}
          required
          rows={3}
          error={errorText(form.formState.errors.reason)}
          {...form.register('reason')}
        />
        {form.formState.errors.root ? (
          <Notice tone="error" role="alert">
            {form.formState.errors.root.message}
          </Notice>
        ) : null}
      </form>
    </Dialog>
  );
}
