import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { isTokenError, readSessionToken, resetAndReload, SESSION_HEADER, storeSessionToken, withSession } from '../cart/session';
import { LOCALE_HEADER, type LocaleCode } from '../i18n/locale';

/** An error reported by the GraphQL API: docs/product.md §8 says the storefront takes the first error's message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'graphql' | 'network' | 'http',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR = 'Network request failed';

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string }[];
}

export interface RequestOptions {
  locale: LocaleCode;
  signal?: AbortSignal;
  /** Cart, checkout and order calls carry the session token (catalogue reads stay anonymous and cacheable). */
  session?: boolean;
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

/** POSTs one GraphQL operation to /graphql with the current locale (and the session token when asked). */
export function gql<T, V>(document: TypedDocument<T, V>, variables: V | undefined, options: RequestOptions): Promise<T> {
  const query = document.toString();
  return options.session ? withSession(() => post<T, V>(query, variables, options)) : post<T, V>(query, variables, options);
}

async function post<T, V>(
  query: string,
  variables: V | undefined,
  { locale, signal, session }: RequestOptions,
): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', [LOCALE_HEADER]: locale };
  const token = session ? readSessionToken() : null;
  if (token) headers[SESSION_HEADER] = `Session ${token}`;
  const csrf = csrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables: variables ?? {} }),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 'network');
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
    if (session && isTokenError(first.message)) resetAndReload();
    throw new ApiError(first.message, 'graphql', response.status);
  }
  if (!response.ok || body.data == null) throw new ApiError(`HTTP ${response.status}`, 'http', response.status);
  return body.data;
}
