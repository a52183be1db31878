/** The last order placed in this browser, for /order-summary without an id. */
const KEY = 'bakje-last-order';

export function rememberLastOrder(order: { databaseId: number; orderKey: string }): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ id: order.databaseId, key: order.orderKey }));
  } catch {
    // Storage unavailable: /order-summary then shows its empty state.
  }
}

export function lastOrder(): { id: number; key: string } | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { id?: unknown; key?: unknown } | null;
    if (value && typeof value.id === 'number' && typeof value.key === 'string') return { id: value.id, key: value.key };
  } catch {
    // ignore
  }
  return null;
}
