import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalidParam } from './errors.js';

export type Query = Record<string, unknown>;

/** A single text parameter. Sent twice, the last one counts (as in PHP, and the official client does). */
export function textParam(query: Query, name: string): string | undefined {
  const raw = query[name];
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(name);
  return value;
}

export function intParam(query: Query, name: string, min: number, max: number): number | undefined {
  const value = textParam(query, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value.trim())) throw invalidParam(name, `must be a whole number from ${min} to ${max}`);
  const n = Number(value.trim());
  if (n < min || n > max) throw invalidParam(name, `must be a whole number from ${min} to ${max}`);
  return n;
}

export function enumParam<T extends string>(query: Query, name: string, values: readonly T[]): T | undefined {
  const value = textParam(query, name);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) throw invalidParam(name, `must be one of ${values.join(', ')}`);
  return value as T;
}

export function boolParam(query: Query, name: string): boolean | undefined {
  const value = textParam(query, name);
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalidParam(name, 'must be true or false');
}

/** A comma-separated or repeated list of ids, as WooCommerce's `include`. */
export function idListParam(query: Query, name: string): number[] | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [null]));
  if (parts.length > 100 || parts.some((p) => p === null || !/^\d{1,9}$/.test(p.trim()))) throw invalidParam(name);
  return parts.map((p) => Number(p!.trim()));
}

export interface Page {
  page: number;
  perPage: number;
}

/** `page` (1-based) and `per_page` 1 to 100, default 10 (docs/interfaces.md §2). */
export function pageParams(query: Query): Page {
  return { page: intParam(query, 'page', 1, 1_000_000) ?? 1, perPage: intParam(query, 'per_page', 1, 100) ?? 10 };
}

/** Sends X-WP-Total, X-WP-TotalPages and the Link header for a page of `total` items. */
export function pagingHeaders(request: FastifyRequest, reply: FastifyReply, page: Page, total: number) {
  const totalPages = Math.ceil(total / page.perPage);
  reply.header('x-wp-total', String(total));
  reply.header('x-wp-totalpages', String(totalPages));
  reply.header('access-control-expose-headers', 'X-WP-Total, X-WP-TotalPages, Link');
  const url = new URL(request.url, 'http://local');
  const link = (n: number, rel: string) => {
    url.searchParams.set('page', String(n));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page.page > 1 && page.page <= totalPages + 1) links.push(link(page.page - 1, 'prev'));
  if (page.page < totalPages) links.push(link(page.page + 1, 'next'));
  if (links.length) reply.header('link', links.join(', '));
}
