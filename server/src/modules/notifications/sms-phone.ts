import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DomainError } from '../../errors/domain-error.js';

/**
 * The number a customer gives at checkout for texts about their order (docs/decisions/0083-order-notifications-sms.md):
 * international form or, without a country code, Belgian; it must be a valid mobile number (a landline cannot
 * receive an SMS, and the message would still be paid for). Answers E.164 (+32470123456), or null when none was
 * given; throws SMS_PHONE_INVALID otherwise. The number itself never goes into an error message or a log line.
 */
export function normaliseSmsPhone(given: string | null | undefined): string | null {
  const text = (given ?? '').trim();
  if (!text) return null;
  const parsed = text.length <= 32 ? parsePhoneNumberFromString(text, 'BE') : undefined;
  const type = parsed?.isValid() ? parsed.getType() : undefined;
  if (!parsed || (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE')) {
    throw new DomainError('SMS_PHONE_INVALID', 'Enter a mobile number that can receive text messages, such as 0470 12 34 56 or +33 6 12 34 56 78.', {
      fields: [{ field: 'smsPhone', message: 'not a mobile number' }],
    });
  }
  return parsed.number;
}
