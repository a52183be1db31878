import { describe, expect, it } from 'vitest';
import { addressLines, statusMessageId } from './customersApi';

describe('the customer page helpers', () => {
  it('writes an address on its lines, leaving out what is not known', () => {
    expect(
      addressLines({
        firstName: 'An',
        lastName: 'Peeters',
        address1: 'Veldstraat 1',
        address2: '',
        postcode: '9000',
        city: 'Gent',
        country: 'BE',
        phone: '0470 12 34 56',
      }),
    ).toEqual(['An Peeters', 'Veldstraat 1', '9000 Gent, BE', '0470 12 34 56']);
    expect(addressLines({})).toEqual([]);
    expect(addressLines({ firstName: ' ', email: 'an@example.be' })).toEqual(['an@example.be']);
  });

  it("names an order status by the shop's message id", () => {
    expect(statusMessageId('on-hold')).toBe('order.status.on_hold');
    expect(statusMessageId('processing')).toBe('order.status.processing');
  });
});
