import { http, HttpError, httpWithHeaders } from '../../../api/http';
import type { BatchRequest, BatchResponse, WcCategory, WcError, WcProduct, WcVariation } from './types';

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
 * Saves a product. `revision` is the one the editor loaded (the read's ETag): a product someone else saved
 * since is refused with 409 (the API's If-Match check) instead of overwriting their change.
 */
export const updateProduct = (id: number, body: Record<string, unknown>, revision: number | undefined) =>
  http<WcProduct>('PUT', `${WC}/products/${id}`, { body, headers: revision === undefined ? undefined : { 'if-match': `"${revision}"` } });

/** A batch answers each item in its place, refused ones as `{id, error}`: the first refusal is thrown. */
function firstRefusal<T>(response: BatchResponse<T>): BatchResponse<T> {
  for (const item of [...(response.create ?? []), ...(response.update ?? []), ...(response.delete ?? [])]) {
    const error = (item as { error?: WcError }).error;
    if (error) throw new HttpError(error.message, error.data.status, error.code);
  }
  return response;
}

export const batchProducts = async (batch: BatchRequest<Partial<WcProduct>>) =>
  firstRefusal(await http<BatchResponse<WcProduct>>('POST', `${WC}/products/batch`, { body: batch }));

export const batchVariations = async (productId: number, batch: BatchRequest<Record<string, unknown>>) =>
  firstRefusal(await http<BatchResponse<WcVariation>>('POST', `${WC}/products/${productId}/variations/batch`, { body: batch }));
