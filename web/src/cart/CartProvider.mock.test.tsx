// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from './cartApi';
import { CartProvider, useCart } from './CartProvider';

const api = vi.hoisted(() => ({ load: vi.fn(), add: vi.fn() }));

vi.mock('../api/hooks', () => ({ useStoreSettings: () => ({ data: { autoOpenCart: false } }) }));
vi.mock('./cartApi', () => ({ cartApi: api }));

/** A cart told apart by its subtotal alone: what the provider shows is all this test reads. */
const cartOf = (subtotal: string) => ({ isEmpty: false, subtotal }) as unknown as Cart;

/** A promise this test settles when it chooses: the order in which the server's answers arrive. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Shop() {
  const { cart, add } = useCart();
  return (
    <>
      <output data-testid="subtotal">{cart?.subtotal ?? 'none'}</output>
      <button type="button" onClick={() => void add({ productId: 7, quantity: 1 })}>
        add
      </button>
    </>
  );
}

/** Renders the provider and taps "add" once: the first activity, so the first load and the add go out together. */
function tapAddFirst() {
  const loaded = deferred<{ cart: Cart; customer: null }>();
  const added = deferred<Cart>();
  api.load.mockReturnValue(loaded.promise);
  api.add.mockReturnValue(added.promise);
  render(
    <CartProvider>
      <Shop />
    </CartProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'add' }));
  return { loaded, added };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the cart provider', () => {
  it('keeps the cart a change answered when the first load, started by the same tap, answers after it', async () => {
    const { loaded, added } = tapAddFirst();
    expect(api.load).toHaveBeenCalledTimes(1);
    expect(api.add).toHaveBeenCalledTimes(1);

    await act(async () => added.resolve(cartOf('7.50')));
    expect(screen.getByTestId('subtotal').textContent).toBe('7.50');
    // The load was read on the server before the add: the cart from before it.
    await act(async () => loaded.resolve({ cart: cartOf('5.00'), customer: null }));
    expect(screen.getByTestId('subtotal').textContent).toBe('7.50');
  });

  it('shows a load that answers before the change, then the change', async () => {
    const { loaded, added } = tapAddFirst();
    await act(async () => loaded.resolve({ cart: cartOf('5.00'), customer: null }));
    expect(screen.getByTestId('subtotal').textContent).toBe('5.00');
    await act(async () => added.resolve(cartOf('7.50')));
    expect(screen.getByTestId('subtotal').textContent).toBe('7.50');
  });
});
