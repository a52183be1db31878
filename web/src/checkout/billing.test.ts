import { describe, expect, it } from 'vitest';
import { addressKey, EMPTY_BILLING, validateBilling } from './billing';

const ok = { ...EMPTY_BILLING, firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56' };

describe('checkout billing rules', () => {
  it('needs first name, last name and phone; e-mail is optional', () => {
    expect(validateBilling(EMPTY_BILLING, 'takeaway')).toEqual({ firstName: 'required', lastName: 'required', phone: 'required' });
    expect(validateBilling(ok, 'takeaway')).toEqual({});
  });
  it('checks the phone and e-mail format like the server', () => {
    expect(validateBilling({ ...ok, phone: 'call me' }, 'takeaway')).toEqual({ phone: 'phone' });
    expect(validateBilling({ ...ok, email: 'an@' }, 'takeaway')).toEqual({ email: 'email' });
    expect(validateBilling({ ...ok, email: 'an@example.be' }, 'takeaway')).toEqual({});
  });
  it('asks a full address for delivery only', () => {
    expect(validateBilling(ok, 'delivery')).toEqual({ address1: 'required', postcode: 'required', city: 'required' });
    expect(validateBilling({ ...ok, address1: 'Veldstraat 1', postcode: '9000', city: 'Gent' }, 'delivery')).toEqual({});
    expect(validateBilling({ ...ok, address1: 'Veldstraat 1', postcode: '9', city: 'Gent' }, 'delivery')).toEqual({ postcode: 'postcode' });
  });
  it('keys an address case- and space-insensitively', () => {
    expect(addressKey({ ...ok, address1: ' Veldstraat 1', postcode: '9000', city: 'GENT' })).toBe(addressKey({ ...ok, address1: 'veldstraat 1', postcode: '9000 ', city: 'Gent' }));
  });
});
