import { useIntl } from 'react-intl';
import { Field } from '../../ui/Field';
import { Section } from './Section';

export interface SmsChoice {
  wanted: boolean;
  phone: string;
}

/**
 * Texts about the order (docs/decisions/0083-order-notifications-sms.md): offered only when the shop sends them.
 * The number defaults to the billing phone; the server checks it is a mobile number and answers
 * SMS_PHONE_INVALID, shown here, when it is not.
 */
export function SmsSection({
  choice,
  billingPhone,
  error,
  onChange,
}: {
  choice: SmsChoice;
  billingPhone: string;
  error: string | null;
  onChange: (next: SmsChoice) => void;
}) {
  const intl = useIntl();
  return (
    <Section id="sms" title={intl.formatMessage({ id: 'checkout.sms.title' })}>
      <Field
        as="checkbox"
        id="sms-wanted"
        data-testid="sms-wanted"
        label={intl.formatMessage({ id: 'checkout.sms.wanted' })}
        hint={intl.formatMessage({ id: 'checkout.sms.hint' })}
        checked={choice.wanted}
        onChange={(event) => onChange({ wanted: event.target.checked, phone: choice.phone || billingPhone })}
      />
      {choice.wanted ? (
        <Field
          id="sms-phone"
          data-testid="sms-phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={32}
          label={intl.formatMessage({ id: 'checkout.sms.phone' })}
          hint={intl.formatMessage({ id: 'checkout.sms.phoneHint' })}
          error={error}
          value={choice.phone}
          onChange={(event) => onChange({ wanted: true, phone: event.target.value })}
        />
      ) : null}
    </Section>
  );
}
