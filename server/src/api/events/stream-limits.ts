/** How many event streams may be open at once (config: BAKJE_EVENT_STREAMS_PER_CLIENT and _MAX). */
export interface StreamLimits {
  perClient: number;
  total: number;
}

export type Admission = { admitted: true; release: () => void } | { admitted: false; reason: 'client' | 'total' };

/**
 * Counts open streams per client address. A stream holds a socket, a subscription and a heartbeat
 * timer for as long as the client wants: without a cap one address could open thousands.
 */
export class OpenStreams {
  private readonly perClient = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: StreamLimits) {}

  admit(client: string): Admission {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.limits.perClient) return { admitted: false, reason: 'client' };
    if (this.total >= this.limits.total) return { admitted: false, reason: 'total' };
    this.perClient.set(client, mine + 1);
    this.total++;
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
      },
    };
  }
}
