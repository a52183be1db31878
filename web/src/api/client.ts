import type { ErrorCode } from '@bakje/contract';
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { isTokenError, readSessionToken, resetAndReload, SESSION_HEADER, storeSessionToken, withSession } from '../cart/session';
import { LOCALE_HEADER, type LocaleCode } from '../i18n/locale';
import { nextTask } from '../lib/nextTask';

/** The server's codes, and the one the client gives a request that never got an answer. */
export type ClientErrorCode = ErrorCode | 'NETWORK_FAILED';

/** What went wrong: the server's message (docs/product.md §8), and the code and details the page reacts to. */
export interface ServerProblem {
  message: string;
  code?: ClientErrorCode;
  details?: Record<string, unknown>;
}

/**
 * An error reported by the GraphQL API: docs/product.md §8 says the storefront takes the first error's message;
 * the page decides what to do by its `code` (extensions.code), never by the message text.
 */
export class ApiError extends Error implements ServerProblem {
  constructor(
    message: string,
    readonly kind: 'graphql' | 'network' | 'http',
    readonly status?: number,
    readonly code?: ClientErrorCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR = 'Network request failed';
/** docs/product.md §8's network failure. */
export const networkProblem = (): ApiError => new ApiError(NETWORK_ERROR, 'network', undefined, 'NETWORK_FAILED');

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: ErrorCode } & Record<string, unknown> }[];
}

export interface RequestOptions {
  locale: LocaleCode;
  signal?: AbortSignal;
  /** Cart, checkout and order calls carry the session token (catalogue reads stay anonymous and cacheable). */
  session?: boolean;
  /**
   * A catalogue read (products, categories, terms, store settings): sent by GET, so the browser keeps the
   * answer and revalidates it with its ETag, a 304 while the catalogue is unchanged (docs/interfaces.md §1).
   */
  cacheable?: boolean;
}

/** Longer URLs go by POST: some proxies refuse long request lines. */
export const MAX_GET_URL_LENGTH = 6000;

/** The GET URL of a catalogue read, or undefined when it must go by POST. */
export function cacheableUrl(query: string, variables: unknown): string | undefined {
  if (/^\s*(mutation|subscription)\b/m.test(query)) return undefined;
  const url = `/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables ?? {}) }).toString()}`;
  return url.length <= MAX_GET_URL_LENGTH ? url : undefined;
}

/** The login session's CSRF token (cookie set by the server at login); echoed on every POST. */
export function csrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = /(?:^|;\s*)bakje_csrf=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/**
 * A document from a `*.generated.ts` module (`npm run codegen`): the operation's text, typed with its
 * result and variables as the server's schema defines them.
 */
export type TypedDocument<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables> & { toString(): string };

/** Sends one GraphQL operation to /graphql with the current locale (and the session token when asked). */
export function gql<T, V>(document: TypedDocument<T, V>, variables: V | undefined, options: RequestOptions): Promise<T> {
  const query = document.toString();
  return options.session ? withSession(() => post<T, V>(query, variables, options)) : post<T, V>(query, variables, options);
}

async function post<T, V>(query: string, variables: V | undefined, { locale, signal, session, cacheable }: RequestOptions): Promise<T> {
  // Queries start their requests while React commits a screen (a query's subscription in an effect); each
  // request is sent in a task of its own instead of adding to that commit's long task (TBT, decision 0056).
  await nextTask();
  let response: Response;
  const headers: Record<string, string> = { accept: 'application/json', [LOCALE_HEADER]: locale };
  const token = session ? readSessionToken() : null;
  if (token) headers[SESSION_HEADER] = `Session ${token}`;
  const getUrl = cacheable && !session ? cacheableUrl(query, variables) : undefined;
  const csrf = csrfToken();
  if (csrf && !getUrl) headers['x-csrf-token'] = csrf;
  try {
    response = await fetch(
      getUrl ?? '/graphql',
      getUrl
        ? { method: 'GET', headers, credentials: 'same-origin', signal }
        : {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ query, variables: variables ?? {} }),
            credentials: 'same-origin',
            signal,
          },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkProblem();
  }
  const issued = session ? response.headers.get(SESSION_HEADER) : null;
  if (issued) storeSessionToken(issued);
  let body: GraphQLResponse<T>;
  try {
    body = (await response.json()) as GraphQLResponse<T>;
  } catch {
    throw new ApiError(`HTTP ${response.status}`, 'http', response.status);
  }
  const first = body.errors?.[0];
  if (first) {
    // docs/product.md §8: a foreign or broken token clears the stored state and reloads (once).
    const { code, ...details } = first.extensions ?? {};
    if (session && isTokenError(code)) resetAndReload();
    throw new ApiError(first.message, 'graphql', response.status, code, details);
  }
  if (!response.ok || body.data == null) throw new ApiError(`HTTP ${response.status}`, 'http', response.status);
  return body.data;
}
