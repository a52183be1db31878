import type { Database } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { loadCatalogSnapshot, type CatalogSnapshot } from './snapshot.js';

export const CATALOG_CHANNEL = 'bakje_catalog';

/** The next moment the snapshot goes stale by the clock alone: a scheduled sale or a banner window starting or ending. */
function nextTimedChange(snapshot: CatalogSnapshot): number | null {
  const moments = [snapshot.nextSaleChange, snapshot.nextMessageChange].filter((m): m is number => m !== null);
  return moments.length ? Math.min(...moments) : null;
}

/**
 * Keeps the catalogue snapshot current. Every catalogue write notifies CATALOG_CHANNEL with the new
 * version (a database trigger does it inside the writing transaction), on every instance through
 * LISTEN/NOTIFY; a snapshot older than the newest version heard of is rebuilt on the next read.
 */
export class CatalogService {
  private snapshot: CatalogSnapshot | undefined;
  private loading: Promise<{ snapshot: CatalogSnapshot; forcedReloads: number }> | undefined;
  private newestVersion = 0;
  /** Counts "reload whatever the version" requests; the snapshot remembers the count it was loaded under. */
  private forcedReloads = 0;
  private snapshotForcedReloads = 0;
  private readonly invalidationListeners = new Set<(version: number) => void>();
  private unlisten: (() => Promise<void>) | undefined;
  /** The snapshot whose earliest "sold out today" end has been acted on, and the timer waiting for it. */
  private expiredSnapshot: CatalogSnapshot | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;

  private saleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CATALOG_CHANNEL, {
      onPayload: (payload) => {
        const version = Number(payload);
        this.markChanged(Number.isFinite(version) ? version : Number.MAX_SAFE_INTEGER);
      },
      // The LISTEN connection was lost and is back: changes made meanwhile went unheard, so reload.
      onResubscribed: () => {
        this.log.info('catalogue notifications re-established; reloading the catalogue');
        this.markChanged(Number.MAX_SAFE_INTEGER);
      },
    });
  }

  /**
   * Loads the snapshot in the background; the first storefront read waits for it if needed. Called once the
   * server listens, so that the load does not hold up start-up (nor, on PGlite, whose one connection runs
   * one query at a time, the readiness check's query).
   */
  warmUp(): void {
    this.get().catch((error: unknown) => this.log.error({ err: error }, 'catalogue warm-up failed'));
  }

  async stop(): Promise<void> {
    // The database may already be closed; there is nothing left to unsubscribe from then.
    await this.unlisten?.().catch(() => undefined);
    clearTimeout(this.expiryTimer);
    clearTimeout(this.saleTimer);
  }

  /**
   * A scheduled sale (or a banner window) starts or ends at a moment no write announces: reload then, and tell the listeners (the
   * live catalogue push) as for any change. Timers longer than about 24 days are not kept by Node; the check in
   * get() covers those.
   */
  private scheduleSaleChange(snapshot: CatalogSnapshot): void {
    clearTimeout(this.saleTimer);
    const next = nextTimedChange(snapshot);
    if (next === null) return;
    const delay = next - this.clock().getTime();
    if (delay > 2 ** 31 - 1) return;
    this.saleTimer = setTimeout(() => this.markChanged(Number.MAX_SAFE_INTEGER), Math.max(0, delay));
    this.saleTimer.unref();
  }

  /**
   * The snapshot last loaded, even if a change has been announced since (undefined before the first load):
   * for a reader that must not wait for a reload and checks what it reads some other way.
   */
  loaded(): CatalogSnapshot | undefined {
    return this.snapshot;
  }

  /**
   * The snapshot get() would answer at once, or undefined when it would load one first: for a reader on every
   * request that should not wait a turn when nothing changed (docs/decisions/0057-request-overhead.md).
   */
  current(): CatalogSnapshot | undefined {
    this.expireIfDue();
    const current = this.snapshot;
    const nextChange = current ? nextTimedChange(current) : null;
    if (nextChange !== null && this.clock().getTime() >= nextChange && this.snapshotForcedReloads === this.forcedReloads) {
      this.markChanged(Number.MAX_SAFE_INTEGER);
    }
    if (current && current.version >= this.newestVersion && this.snapshotForcedReloads === this.forcedReloads) return current;
    return undefined;
  }

  /** The current snapshot; loads it once when missing or stale, shared by concurrent callers. */
  async get(): Promise<CatalogSnapshot> {
    const current = this.current();
    if (current) return current;
    if (!this.loading) {
      // Reloads forced after this point are not covered by this load.
      const forcedReloads = this.forcedReloads;
      const loading = loadCatalogSnapshot(this.database.db, this.clock)
        .then((snapshot) => {
          this.snapshot = snapshot;
          this.scheduleSaleChange(snapshot);
          this.watchExpiry(snapshot);
          this.snapshotForcedReloads = forcedReloads;
          this.log.debug({ version: snapshot.version, products: snapshot.products.size }, 'catalogue loaded');
          return { snapshot, forcedReloads };
        })
        .finally(() => {
          if (this.loading === loading) this.loading = undefined;
        });
      this.loading = loading;
    }
    const loaded = await this.loading;
    // A change committed (or a reload forced) while loading: load once more so the caller never sees the
    // older state.
    if (loaded.snapshot.version < this.newestVersion || loaded.forcedReloads < this.forcedReloads) return this.get();
    return loaded.snapshot;
  }

  /**
   * Called for every notification with the catalogue version it announces. Number.MAX_SAFE_INTEGER (or
   * anything that is not a version) means "anything may have changed": after a lost LISTEN connection the
   * next read reloads, and later notifications still count (the newest known version is not raised).
   */
  markChanged(version: number): void {
    if (!Number.isSafeInteger(version) || version >= Number.MAX_SAFE_INTEGER) {
      this.forcedReloads++;
    } else {
      if (version <= this.newestVersion) return;
      this.newestVersion = version;
    }
    for (const listener of this.invalidationListeners) listener(version);
  }

  /**
   * A "sold out today" mark ends at a set instant without any write (catalog/sold-out.ts): from then on the
   * snapshot is stale, so it is treated like a change (caches dropped, live shop pages told, next read
   * reloads). Checked on every read against the clock, and by a timer so open pages hear of it on time.
   */
  private expireIfDue(): void {
    const current = this.snapshot;
    if (!current || current.soldOutExpiry === null || this.expiredSnapshot === current) return;
    if (this.clock().getTime() < current.soldOutExpiry) return;
    this.expiredSnapshot = current;
    this.markChanged(Number.MAX_SAFE_INTEGER);
  }

  private watchExpiry(snapshot: CatalogSnapshot): void {
    clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (snapshot.soldOutExpiry === null) return;
    // setTimeout takes at most 2^31-1 ms; a later end is looked at again then.
    const delay = Math.min(Math.max(0, snapshot.soldOutExpiry - this.clock().getTime()) + 5, 2 ** 31 - 1);
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = undefined;
      this.expireIfDue();
      if (this.snapshot === snapshot && this.expiredSnapshot !== snapshot) this.watchExpiry(snapshot);
    }, delay);
    this.expiryTimer.unref();
  }

  onChange(listener: (version: number) => void): () => void {
    this.invalidationListeners.add(listener);
    return () => this.invalidationListeners.delete(listener);
  }
}
