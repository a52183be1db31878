import { LOCALE_HEADER, type LocaleCode } from '../i18n/locale';

/** An error reported by the GraphQL API: SPEC §8 says the storefront takes the first error's message. */
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
}

/** The login session's CSRF token (cookie set by the server at login); echoed on every POST. */
export function csrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = /(?:^|;\s*)bakje_csrf=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** POSTs one GraphQL operation to /graphql with the current locale. */
export async function gql<T, V extends Record<string, unknown> = Record<string, unknown>>(
  query: string,
  variables: V | undefined,
  { locale, signal }: RequestOptions,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [LOCALE_HEADER]: locale,
        ...(csrfToken() ? { 'x-csrf-token': csrfToken()! } : {}),
      },
      body: JSON.stringify({ query, variables: variables ?? {} }),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 'network');
  }
  let body: GraphQLResponse<T>;
  try {
    body = (await response.json()) as GraphQLResponse<T>;
  } catch {
    throw new ApiError(`HTTP ${response.status}`, 'http', response.status);
  }
  const first = body.errors?.[0];
  if (first) throw new ApiError(first.message, 'graphql', response.status);
  if (!response.ok || body.data == null) throw new ApiError(`HTTP ${response.status}`, 'http', response.status);
  return body.data;
}
