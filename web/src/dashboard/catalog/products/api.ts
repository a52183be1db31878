import { http, httpWithHeaders } from '../../../api/http';
import type { WcBatch, WcCategory, WcProduct, WcVariation } from './types';

/** The store REST API (docs/interfaces.md §2): the dashboard signs in with the staff cookie and its CSRF token. */
export const WC = '/wp-json/wc/v3';

export interface ProductPage {
  products: WcProduct[];
  total: number;
  totalPages: number;
}

export interface ProductListParams {
  page: number;
  perPage: number;
  search?: string;
  category?: number;
  ids?: number[];
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();

/** A page of products in menu order, with the totals from the paging headers (X-WP-Total, X-WP-TotalPages). */
export async function listProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductPage> {
  const q = query({
    page: params.page,
    per_page: params.perPage,
    search: params.search?.trim(),
    category: params.category,
    include: params.ids?.join(','),
    status: 'any',
    orderby: 'menu_order',
    order: 'asc',
  });
  const { data, headers } = await httpWithHeaders<WcProduct[]>('GET', `${WC}/products?${q}`, { signal });
  return { products: data, total: Number(headers.get('x-wp-total') ?? data.length), totalPages: Number(headers.get('x-wp-totalpages') ?? 1) };
}

/** Every category (the API pages by 100). */
export async function listCategories(signal?: AbortSignal): Promise<WcCategory[]> {
  const all: WcCategory[] = [];
  for (let page = 1; ; page++) {
    const { data, headers } = await httpWithHeaders<WcCategory[]>('GET', `${WC}/products/categories?${query({ page, per_page: 100, orderby: 'menu_order' })}`, {
      signal,
    });
    all.push(...data);
    if (page >= Number(headers.get('x-wp-totalpages') ?? 1)) return all;
  }
}

export const getProduct = (id: number, signal?: AbortSignal) => http<WcProduct>('GET', `${WC}/products/${id}?context=edit`, { signal });

export const getVariations = (id: number, signal?: AbortSignal) =>
  http<WcVariation[]>('GET', `${WC}/products/${id}/variations?${query({ per_page: 100, context: 'edit' })}`, { signal });

export const createProduct = (body: Record<string, unknown>) => http<WcProduct>('POST', `${WC}/products`, { body });

/**
 * Saves a product. `loadedAt` is the `date_modified_gmt` the editor loaded: a product someone else saved since
 * is refused with 409 (the API's stale-save check) instead of overwriting their change.
 */
export const updateProduct = (id: number, body: Record<string, unknown>, loadedAt: string | undefined) =>
  http<WcProduct>('PUT', `${WC}/products/${id}`, {
    body: loadedAt ? { ...body, date_modified_gmt: loadedAt } : body,
    headers: loadedAt ? { 'if-unmodified-since': new Date(`${loadedAt.replace(/Z$/, '')}Z`).toUTCString() } : undefined,
  });

export const batchProducts = (batch: WcBatch<WcProduct>) =>
  http<{ create?: WcProduct[]; update?: WcProduct[]; delete?: WcProduct[] }>('POST', `${WC}/products/batch`, { body: batch });

export const batchVariations = (productId: number, batch: WcBatch<WcVariation>) =>
  http<{ create?: WcVariation[]; update?: WcVariation[]; delete?: WcVariation[] }>('POST', `${WC}/products/${productId}/variations/batch`, { body: batch });
