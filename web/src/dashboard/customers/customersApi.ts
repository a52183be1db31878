import type { CustomerAddress } from '@bakje/contract';

/** /api/dashboard/customers and /api/dashboard/erasure-requests (customers.manage). */
export const CUSTOMERS_URL = '/api/dashboard/customers';
export const ERASURE_URL = '/api/dashboard/erasure-requests';
export const PRIVACY_SETTINGS_URL = '/api/dashboard/privacy-settings';
export const customersKey = ['dashboard', 'customers'] as const;

/** An address on one or two lines for the customer page; empty when nothing is known. */
export function addressLines(address: CustomerAddress): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const street = [address.address1, address.address2].filter(Boolean).join(', ');
  const place = [address.postcode, address.city].filter(Boolean).join(' ');
  return [name, address.company, street, [place, address.country].filter(Boolean).join(', '), address.phone, address.email].filter((line): line is string =>
    Boolean(line && line.trim()),
  );
}

/** The shop's order status message id (order.status.on_hold for on-hold). */
export const statusMessageId = (status: string) => `order.status.${status.replace(/-/g, '_')}`;
