import type { CancelOrderInput, RefundInput, StaffOrderDetails, StaffOrderList, StaffOrderView, StaffRefund, StaffStatusInput } from '@bakje/contract';
import { http } from '../../api/http';

export const ordersKey = ['dashboard', 'orders'] as const;

export interface OrderFilters {
  view: StaffOrderView;
  search: string;
  status: string;
  fulfilment: string;
  from: string;
  to: string;
  page: number;
}

export const EMPTY_FILTERS: OrderFilters = { view: 'active', search: '', status: '', fulfilment: '', from: '', to: '', page: 1 };

export function fetchOrders(filters: OrderFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ view: filters.view, page: String(filters.page), per_page: '50' });
  for (const key of ['search', 'status', 'fulfilment', 'from', 'to'] as const) if (filters[key]) params.set(key, filters[key]);
  return http<StaffOrderList>('GET', `/api/orders?${params.toString()}`, { signal });
}

export const fetchOrder = (id: number, signal?: AbortSignal) => http<StaffOrderDetails>('GET', `/api/orders/${id}`, { signal });
export const changeStatus = (id: number, body: StaffStatusInput) => http<StaffOrderDetails>('PUT', `/api/orders/${id}/status`, { body });
export const cancelOrder = (id: number, body: CancelOrderInput) => http<StaffOrderDetails>('POST', `/api/orders/${id}/cancel`, { body });
export const refundOrder = (id: number, body: RefundInput) => http<StaffRefund>('POST', `/api/orders/${id}/refunds`, { body });

/** The shop's one name per status (the account and the summary use the same messages). */
export const statusMessage = (status: string) => `order.status.${status.replace('-', '_')}`;

/** Cents to euros for <Price>. */
export const euros = (cents: number) => cents / 100;
