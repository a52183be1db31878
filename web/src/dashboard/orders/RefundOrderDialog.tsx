import type { RefundInput } from '@bakje/contract';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { HttpError } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button, Dialog, Notice, useFormatPrice } from '../../ui';
import { Field } from '../../ui/Field';

const schema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'dashboard.orders.refund.amountInvalid'),
  reason: z.string().trim().min(3, 'dashboard.orders.cancel.reasonRequired').max(500, 'dashboard.orders.cancel.reasonTooLong'),
});

/** "5,60" or "5.60" to cents. */
export function centsOf(text: string): number {
  const [whole, part = ''] = text.trim().replace(',', '.').split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** Cents as the amount field shows them: a decimal comma in Dutch and French. */
const amountText = (cents: number, locale: string) => {
  const text = (cents / 100).toFixed(2);
  return locale.startsWith('en') ? text : text.replace('.', ',');
};

/** A key for one refund: random, and usable where crypto.randomUUID is not (plain http on the shop's LAN). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dash-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Server codes with a text of their own in the three languages (others show the server's message). */
const KNOWN = ['REFUND_TOO_MUCH', 'REFUND_PROVIDER_FAILED', 'REFUND_NOT_CARD', 'REFUND_NOT_PAID'];

/**
 * Gives (part of) a paid card order's money back through its payment provider
 * (docs/decisions/0039-refunds.md). The amount starts at what can still be refunded. One key per opening
 * and amount: a retry after an error or a double click refunds once.
 */
export function RefundOrderDialog({
  open,
  pickupNumber,
  refundable,
  inCash = false,
  onClose,
  onRefund,
}: {
  open: boolean;
  pickupNumber: number;
  /** Cents. */
  refundable: number;
  /** A cash order: the money goes back at the counter, a part rounded to 5 cents (docs/decisions/0084-allergens-at-the-door-own-container.md). */
  inCash?: boolean;
  onClose: () => void;
  onRefund: (input: RefundInput) => Promise<unknown>;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [key, setKey] = useState(newKey);
  const form = useZodForm(schema, { defaultValues: { amount: amountText(refundable, intl.locale), reason: '' } });
  useEffect(() => {
    if (open) {
      setKey(newKey());
      form.reset({ amount: amountText(refundable, intl.locale), reason: '' });
    }
    // Only on opening: the amount typed stays while the dialog is open.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [open]);
  const typed = form.watch('amount');
  const typedCents = schema.shape.amount.safeParse(typed).success ? centsOf(typed) : null;
  const formatPrice = useFormatPrice();
  const money = (cents: number) => formatPrice(cents / 100);

  const submit = form.handleSubmit(async ({ amount, reason }) => {
    const cents = centsOf(amount);
    if (cents <= 0 || cents > refundable) {
      form.setError('amount', { type: 'range', message: t('dashboard.orders.refund.amountRange', { max: money(refundable) }) }, { shouldFocus: true });
      return;
    }
    try {
      await onRefund({ amount: cents, reason, idempotencyKey: `${key}-${cents}` });
      onClose();
    } catch (error) {
      const code = error instanceof HttpError ? error.code : undefined;
      const message = code && KNOWN.includes(code) ? t(`dashboard.orders.refund.error.${code}`) : error instanceof Error ? error.message : String(error);
      form.setError('root', { message });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('dashboard.orders.refund.title', { number: pickupNumber })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('dashboard.orders.refund.keep')}
          </Button>
          <SubmitButton form="refund-order-form" variant="danger" submitting={form.formState.isSubmitting}>
            {typedCents !== null && typedCents > 0
              ? t('dashboard.orders.refund.confirmAmount', { amount: money(typedCents) })
              : t('dashboard.orders.refund.confirm')}
          </SubmitButton>
        </>
      }
    >
      <form id="refund-order-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t(inCash ? 'dashboard.orders.refund.bodyCash' : 'dashboard.orders.refund.body', { max: money(refundable) })}</p>
        <Field
          label={t('dashboard.orders.refund.amount')}
          hint={t('dashboard.orders.refund.amountHint', { max: money(refundable) })}
          required
          inputMode="decimal"
          autoComplete="off"
          error={errorText(form.formState.errors.amount)}
          {...form.register('amount')}
        />
        <Field
          as="textarea"
          label={t('dashboard.orders.refund.reason')}
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
