import { renderNotificationText } from '@bakje/contract';
import { describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from '../../integrations/twilio/twilio-client.js';
import { inQuietHours } from './sms-sender.js';
import { normaliseSmsPhone } from './sms-phone.js';

describe('customer notifications, the pure parts', () => {
  it('signs as Twilio does: the full URL, then the POST parameters sorted by name (a known vector)', () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(verifyTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, params)).toBe(true);
    expect(verifyTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, { ...params, Digits: '1235' })).toBe(false);
    expect(verifyTwilioSignature('', 'x', url, params)).toBe(false);
  });

  it('takes mobile numbers, Belgian without a country code, as E.164; refuses landlines and nonsense', () => {
    expect(normaliseSmsPhone('0470 12 34 56')).toBe('+32470123456');
    expect(normaliseSmsPhone('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(normaliseSmsPhone('  ')).toBeNull();
    for (const wrong of ['09 123 45 67', '12', 'bel me'])
      expect(() => normaliseSmsPhone(wrong)).toThrow(expect.objectContaining({ code: 'SMS_PHONE_INVALID' }));
  });

  it('is quiet from 22:00 to 08:00 shop time, summer and winter', () => {
    const zone = 'Europe/Brussels';
    expect(inQuietHours(new Date('2026-11-21T20:59:00Z'), zone)).toBe(false); // 21:59
    expect(inQuietHours(new Date('2026-11-21T21:00:00Z'), zone)).toBe(true); // 22:00
    expect(inQuietHours(new Date('2026-07-01T05:59:00Z'), zone)).toBe(true); // 07:59 summer time
    expect(inQuietHours(new Date('2026-07-01T06:00:00Z'), zone)).toBe(false); // 08:00
  });

  it('fills placeholders, keeps unknown ones, leaves no double space for an empty reason', () => {
    expect(renderNotificationText('{shop}: #{number} is geannuleerd. {reason}', { shop: 'Bakje', number: 4, reason: '' })).toBe('Bakje: #4 is geannuleerd.');
    expect(renderNotificationText('{shop} {unknown}', { shop: 'Bakje' })).toBe('Bakje {unknown}');
  });
});
