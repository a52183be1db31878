import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGuestDetails, readGuestDetails, saveGuestDetails } from './guestDetails';

function fakeSessionStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("a guest's checkout details (issue 31: a reload lost them)", () => {
  let storage: ReturnType<typeof fakeSessionStorage>;
  beforeEach(() => {
    storage = fakeSessionStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps name, phone and address for the next page load of this tab, not the password or the payment', () => {
    saveGuestDetails({
      firstName: 'An',
      lastName: 'Peeters',
      phone: '0470 12 34 56',
      address1: 'Veldstraat 1',
      postcode: '9000',
      city: 'Gent',
      shipToDifferentAddress: true,
      shippingAddress1: 'Kouter 2',
      accountPassword: 'geheim wachtwoord',
      paymentMethod: 'stripe',
      note: 'Bel aan',
    });
    expect(readGuestDetails()).toEqual({
      firstName: 'An',
      lastName: 'Peeters',
      phone: '0470 12 34 56',
      address1: 'Veldstraat 1',
      postcode: '9000',
      city: 'Gent',
      shipToDifferentAddress: true,
      shippingAddress1: 'Kouter 2',
    });
    expect([...storage.items.values()].join()).not.toMatch(/geheim|stripe|Bel aan/);
  });

  it('forgets them once the order is placed, and keeps nothing for an empty form', () => {
    saveGuestDetails({ firstName: 'An' });
    clearGuestDetails();
    expect(readGuestDetails()).toEqual({});
    saveGuestDetails({ firstName: '', phone: '' });
    expect(storage.items.size).toBe(0);
  });

  it('ignores what it cannot read: broken JSON, wrong types, no storage at all', () => {
    storage.items.set('bakje-checkout-details', '{not json');
    expect(readGuestDetails()).toEqual({});
    storage.items.set('bakje-checkout-details', JSON.stringify({ firstName: 3, phone: '0470', extra: 'x', shipToDifferentAddress: 'yes' }));
    expect(readGuestDetails()).toEqual({ phone: '0470' });
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new Error('denied');
      },
    });
    expect(readGuestDetails()).toEqual({});
    expect(() => saveGuestDetails({ firstName: 'An' })).not.toThrow();
  });
});
