import type { RestErrorBody } from '@bakje/contract';
import { csrfToken } from '../../api/client';

/** A refused or failed dashboard REST call: the HTTP status and the server's `{code, message}`. */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** A 400's fields the server names ({field: "kitchenPrinter", message}), when it names them. */
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'RestError';
  }
}

/**
 * JSON over the staff REST routes with the session cookie. Changes carry the CSRF token
 * (docs/security.md); a network failure becomes status 0.
 */
export async function rest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const csrf = method === 'GET' ? undefined : csrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, credentials: 'same-origin', signal, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RestError('Network request failed', 0);
  }
  const data = (await response.json().catch(() => null)) as (T & Partial<RestErrorBody>) | null;
  if (!response.ok) {
    const fields = Array.isArray(data?.data?.fields) ? data.data.fields : [];
    throw new RestError(data?.message ?? `HTTP ${response.status}`, response.status, data?.code, fields);
  }
  return data as T;
}
