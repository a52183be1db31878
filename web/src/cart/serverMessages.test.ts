import { describe, expect, it } from 'vitest';
import { ApiError, networkProblem } from '../api/client';
import { isSlotTaken, localMessage } from './serverMessages';

describe('API problems in the visitor language, by code', () => {
  it('maps codes to message ids, whatever the wording', () => {
    expect(localMessage(networkProblem())).toEqual({ id: 'error.network' });
    expect(localMessage({ message: 'Maximum reached (reworded)', code: 'MAX_QUANTITY' })).toEqual({ id: 'cart.error.maxQuantity' });
    expect(localMessage({ message: 'The time slot was just booked by someone else; choose another.', code: 'SLOT_TAKEN' })).toEqual({
      id: 'checkout.error.slotTaken',
    });
  });
  it('takes the numbers from the details, not from the text', () => {
    expect(localMessage({ message: 'too far', code: 'DELIVERY_TOO_FAR', details: { distance: 51.2, maximum: 8 } })).toEqual({
      id: 'delivery.tooFar',
      values: { distance: 51.2, maximum: 8 },
    });
    expect(localMessage({ message: 'below', code: 'DELIVERY_BELOW_MINIMUM', details: { minimum: '15.00' } })).toEqual({
      id: 'delivery.belowMinimum',
      values: { minimum: 15 },
    });
    expect(localMessage({ message: 'spend', code: 'COUPON_MINIMUM_SPEND', details: { minimum: '10.00' } })).toEqual({
      id: 'coupon.error.minimum',
      values: { minimum: 10 },
    });
    expect(localMessage({ message: 'nope', code: 'INVALID_COUPON', details: { coupon: 'friet10' } })).toEqual({
      id: 'coupon.error.unknown',
      values: { code: 'friet10' },
    });
  });
  it('a message without a known code falls back to a generic text that still carries the detail', () => {
    expect(localMessage({ message: 'You have reached the maximum allowed quantity for this product.' })).toEqual({
      id: 'error.generic',
      values: { detail: 'You have reached the maximum allowed quantity for this product.' },
    });
  });
});

describe('the checkout reacts to a taken slot by its code', () => {
  it('SLOT_TAKEN from the API is a taken slot', () => {
    expect(isSlotTaken(new ApiError('De tijdslot is net geboekt.', 'graphql', 200, 'SLOT_TAKEN'))).toBe(true);
  });
  it('the same text without the code is not, nor is another code', () => {
    expect(isSlotTaken(new ApiError('The time slot was just booked by someone else; choose another.', 'graphql', 200))).toBe(false);
    expect(isSlotTaken(new ApiError('The time slot was just booked by someone else; choose another.', 'graphql', 200, 'SLOT_REQUIRED'))).toBe(false);
    expect(isSlotTaken('SLOT_TAKEN')).toBe(false);
    expect(isSlotTaken(null)).toBe(false);
  });
});
