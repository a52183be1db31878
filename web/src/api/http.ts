import type { ErrorCode } from '@bakje/contract';
import { csrfToken } from './client';

/** A field the server names in a refused request (`data.fields`), e.g. `{field: "kitchenPrinter", message}`. */
export interface FieldProblem {
  field: string;
  message: string;
}

export const NETWORK_FAILURE = 'Network request failed';

/**
 * A refused or failed REST call, from the server's error model `{code, message, data: {status, fields?}}`
 * (REST responses of docs/security.md). A network failure has status 0.
 */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's error code (contract/src/error-codes.ts; Fastify's own refusals keep lower-case codes). */
    readonly code?: ErrorCode | (string & {}),
    readonly fields: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ErrorBody {
  code?: unknown;
  message?: unknown;
  data?: { fields?: unknown; params?: unknown } | null;
}

function fieldsOf(body: ErrorBody | null): FieldProblem[] {
  const fields = body?.data?.fields;
  // The store REST API (WooCommerce's shape) names the refused fields in `data.params`.
  const params = body?.data?.params;
  if (!Array.isArray(fields) && Array.isArray(params)) {
    const message = typeof body?.message === 'string' ? body.message : '';
    return params.filter((p): p is string => typeof p === 'string').map((field) => ({ field, message }));
  }
  if (!Array.isArray(fields)) return [];
  return fields.filter((f): f is FieldProblem => typeof f === 'object' && f !== null && typeof (f as FieldProblem).field === 'string');
}

/**
 * JSON over this site's REST routes with the session cookie. Every change (not GET) carries the login's
 * CSRF token in `x-csrf-token`, which the server checks on cookie-authenticated writes (docs/security.md).
 * An aborted request rethrows the AbortError so TanStack Query can cancel quietly.
 */
export async function http<T>(method: HttpMethod, url: string, options: HttpOptions = {}): Promise<T> {
  return (await httpWithHeaders<T>(method, url, options)).data;
}

export interface HttpOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `if-unmodified-since`). */
  headers?: Record<string, string>;
  /** A body sent as it is instead of JSON (a CSV file), with its content type. */
  raw?: { contentType: string; text: string };
}

/** `http`, also giving the answer's headers (the store REST API's paging: X-WP-Total, X-WP-TotalPages). */
export async function httpWithHeaders<T>(method: HttpMethod, url: string, options: HttpOptions = {}): Promise<{ data: T; headers: Headers }> {
  const { body, signal, raw } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (method !== 'GET') {
    headers['content-type'] = raw ? raw.contentType : 'application/json';
    const csrf = csrfToken();
    if (csrf) headers['x-csrf-token'] = csrf;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      signal,
      // Fastify refuses a JSON content type with an empty body, so changes without one send `{}`.
      body: method === 'GET' ? undefined : raw ? raw.text : JSON.stringify(body ?? {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(NETWORK_FAILURE, 0);
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const problem = data && typeof data === 'object' ? (data as ErrorBody) : null;
    const message = typeof problem?.message === 'string' ? problem.message : `HTTP ${response.status}`;
    const code = typeof problem?.code === 'string' ? problem.code : undefined;
    throw new HttpError(message, response.status, code, fieldsOf(problem));
  }
  return { data: data as T, headers: response.headers };
}

/** Retry a query only on server failures (5xx), twice: a 4xx will not change by asking again. */
export const retryServerErrors = (count: number, error: unknown) => error instanceof HttpError && error.status >= 500 && count < 2;
