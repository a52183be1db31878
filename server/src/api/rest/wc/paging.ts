import type { FastifyReply, FastifyRequest } from 'fastify';
import { intQuery } from '../../http/route-schemas.js';

/** `page` (1-based) and `per_page` 1 to 100, default 10 (docs/interfaces.md §2): spread into a route's query schema. */
export const pageQuery = { page: intQuery(1, 1_000_000).optional(), per_page: intQuery(1, 100).optional() };

export const pageOf = (query: { page?: number; per_page?: number }): Page => ({ page: query.page ?? 1, perPage: query.per_page ?? 10 });

export interface Page {
  page: number;
  perPage: number;
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
