import { describe, expect, it } from 'vitest';
import { localMessage } from './serverMessages';

describe('API messages in the visitor language', () => {
  it('maps the texts of docs/product.md §8 to message ids', () => {
    expect(localMessage('Network request failed')).toEqual({ id: 'error.network' });
    expect(localMessage('You have reached the maximum allowed quantity for this product.')).toEqual({ id: 'cart.error.maxQuantity' });
    expect(localMessage('The time slot was just booked by someone else; choose another.')).toEqual({ id: 'checkout.error.slotTaken' });
  });
  it('pulls the numbers out of the delivery messages', () => {
    expect(localMessage('We do not deliver this far: the address is 51.2 km away and we deliver up to 8 km.')).toEqual({ id: 'delivery.tooFar', values: { distance: 51.2, maximum: 8 } });
    expect(localMessage('The minimum order for delivery is €15.00; please add more items.')).toEqual({ id: 'delivery.belowMinimum', values: { minimum: 15 } });
    expect(localMessage('The minimum spend for this coupon is €10.00.')).toEqual({ id: 'coupon.error.minimum', values: { minimum: 10 } });
  });
  it('falls back to a generic text that still carries the detail', () => {
    expect(localMessage('Something odd')).toEqual({ id: 'error.generic', values: { detail: 'Something odd' } });
  });
});
