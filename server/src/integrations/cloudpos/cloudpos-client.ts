/**
 * The point-of-sale system's API as Bakje speaks it (docs/interfaces.md §7): every call is
 * `POST {baseUrl}/{method}` with a JSON body and `Authorization: Bearer <api key>`; a 2xx answer carries the
 * result (a list for the selects, `{id}` for the inserts, `{success: true}` for the updates); anything else is a
 * failure with `{error}`.
 */
export interface PosCategory {
  id: string;
  name: string;
}

export interface PosProduct {
  id: string;
  name: string;
}

/** The product fields the point of sale keeps (docs/interfaces.md §7); money as "3.50", tax rates in whole percent. */
export interface PosProductFields {
  name: string;
  price: string;
  purchaseprice: string;
  tax: number;
  tax_table: number;
  quantity: number;
}

export type PosResult<T> = { ok: true; value: T } | { ok: false; error: string; retryable: boolean };

export interface CloudPosClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

function listOf(value: unknown): { id: string; name: string }[] | null {
  if (!Array.isArray(value)) return null;
  const items: { id: string; name: string }[] = [];
  for (const entry of value) {
    const id = idOf((entry as { id?: unknown })?.id);
    const name = (entry as { name?: unknown })?.name;
    if (id === null || typeof name !== 'string') return null;
    items.push({ id, name });
  }
  return items;
}

/** Failures are values: the proxy turns them into docs/product.md §8's empty list or null, the sync jobs retry them. */
export class CloudPosClient {
  constructor(private readonly options: CloudPosClientOptions) {}

  private async call(method: string, body: unknown): Promise<PosResult<unknown>> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.options.baseUrl.replace(/\/$/, '')}/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
      return { ok: false, error: `point of sale ${reason} (${method})`, retryable: true };
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const message = typeof (parsed as { error?: unknown })?.error === 'string' ? (parsed as { error: string }).error : `HTTP ${response.status}`;
      const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
      return { ok: false, error: `point of sale refused ${method}: ${message}`, retryable };
    }
    if (parsed === undefined) return { ok: false, error: `point of sale answered ${method} with malformed JSON`, retryable: true };
    return { ok: true, value: parsed };
  }

  private async list(method: string, body: unknown): Promise<PosResult<{ id: string; name: string }[]>> {
    const result = await this.call(method, body);
    if (!result.ok) return result;
    const items = listOf(result.value);
    return items ? { ok: true, value: items } : { ok: false, error: `point of sale answered ${method} with an unexpected shape`, retryable: true };
  }

  private async insert(method: string, body: unknown): Promise<PosResult<string>> {
    const result = await this.call(method, body);
    if (!result.ok) return result;
    const id = idOf((result.value as { id?: unknown })?.id);
    return id ? { ok: true, value: id } : { ok: false, error: `point of sale answered ${method} without an id`, retryable: true };
  }

  private async update(method: string, body: unknown): Promise<PosResult<true>> {
    const result = await this.call(method, body);
    return result.ok ? { ok: true, value: true } : result;
  }

  selectCategories(): Promise<PosResult<PosCategory[]>> {
    return this.list('category.select', {});
  }

  insertCategory(name: string): Promise<PosResult<string>> {
    return this.insert('category.insert', { name });
  }

  updateCategory(id: string, name: string): Promise<PosResult<true>> {
    return this.update('category.update', { id, name });
  }

  selectProducts(): Promise<PosResult<PosProduct[]>> {
    return this.list('product.select', { show_deleted: false });
  }

  insertProduct(fields: PosProductFields): Promise<PosResult<string>> {
    return this.insert('product.insert', fields);
  }

  updateProduct(id: string, fields: PosProductFields): Promise<PosResult<true>> {
    return this.update('product.update', { id, ...fields });
  }
}
