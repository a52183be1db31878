/**
 * PrintNode's HTTP API (docs/interfaces.md §4): Basic auth with the API key as user name and an empty password,
 * POST /printjobs answers 201 with the bare job id. Errors come as {uid, code, message}.
 */
export interface PrintNodeJob {
  printerId: number;
  title: string;
  /** Raw printer bytes; sent base64 encoded as contentType raw_base64. */
  content: Uint8Array;
  source: string;
  /** Sent as X-Idempotency-Key so a retry of the same ticket is recognised as a duplicate (409). */
  idempotencyKey: string;
}

export type PrintNodeResult = { jobId: string; duplicate: false } | { jobId: null; duplicate: true };

export class PrintNodeError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** Worth another try later (network, 408/429/5xx); a 4xx like a bad key is not. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export class PrintNodeClient {
  constructor(private readonly options: { baseUrl: string; apiKey: string; timeoutMs?: number; fetch?: typeof fetch }) {}

  private headers(): Record<string, string> {
    return {
      authorization: `Basic ${Buffer.from(`${this.options.apiKey}:`).toString('base64')}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
  }

  private url(path: string): string {
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}`;
  }

  async submit(job: PrintNodeJob): Promise<PrintNodeResult> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.url('/printjobs'), {
        method: 'POST',
        headers: { ...this.headers(), 'x-idempotency-key': job.idempotencyKey },
        body: JSON.stringify({
          printerId: job.printerId,
          title: job.title,
          contentType: 'raw_base64',
          content: Buffer.from(job.content).toString('base64'),
          source: job.source,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PrintNodeError(`PrintNode unreachable: ${error instanceof Error ? error.message : String(error)}`, null, true);
    }
    const body = await response.text();
    if (response.status === 409) return { jobId: null, duplicate: true };
    if (response.status === 201 || response.status === 200) return { jobId: body.trim(), duplicate: false };
    let message = body.slice(0, 300);
    try {
      const parsed = JSON.parse(body) as { code?: string; message?: string };
      message = [parsed.code, parsed.message].filter(Boolean).join(': ') || message;
    } catch {
      // Not JSON: keep the text.
    }
    const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
    throw new PrintNodeError(`PrintNode answered ${response.status}: ${message}`, response.status, retryable);
  }

  async printers(): Promise<{ id: number; name: string; state: string }[]> {
    const response = await (this.options.fetch ?? fetch)(this.url('/printers'), {
      headers: this.headers(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new PrintNodeError(`PrintNode answered ${response.status}`, response.status, response.status >= 500);
    return (await response.json()) as { id: number; name: string; state: string }[];
  }
}
