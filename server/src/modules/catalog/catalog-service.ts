import type { Database } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { loadCatalogSnapshot, type CatalogSnapshot } from './snapshot.js';

export const CATALOG_CHANNEL = 'bakje_catalog';

/**
 * Keeps the catalogue snapshot current. Every catalogue write notifies CATALOG_CHANNEL with the new
 * version (a database trigger does it inside the writing transaction), on every instance through
 * LISTEN/NOTIFY; a snapshot older than the newest version heard of is rebuilt on the next read.
 */
export class CatalogService {
  private snapshot: CatalogSnapshot | undefined;
  private loading: Promise<CatalogSnapshot> | undefined;
  private newestVersion = 0;
  private readonly invalidationListeners = new Set<(version: number) => void>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CATALOG_CHANNEL, (payload) => {
      const version = Number(payload);
      this.markChanged(Number.isFinite(version) ? version : Number.MAX_SAFE_INTEGER);
    });
    // Warm the cache without holding up start-up; the first storefront read waits for it if needed.
    this.get().catch((error: unknown) => this.log.error({ err: error }, 'catalogue warm-up failed'));
  }

  async stop(): Promise<void> {
    // The database may already be closed; there is nothing left to unsubscribe from then.
    await this.unlisten?.().catch(() => undefined);
  }

  /** The current snapshot; loads it once when missing or stale, shared by concurrent callers. */
  async get(): Promise<CatalogSnapshot> {
    const current = this.snapshot;
    if (current && current.version >= this.newestVersion) return current;
    if (!this.loading) {
      const loading = loadCatalogSnapshot(this.database.db)
        .then((snapshot) => {
          this.snapshot = snapshot;
          this.log.debug({ version: snapshot.version, products: snapshot.products.size }, 'catalogue loaded');
          return snapshot;
        })
        .finally(() => {
          if (this.loading === loading) this.loading = undefined;
        });
      this.loading = loading;
    }
    const loaded = await this.loading;
    // A change committed while loading: load once more so the caller never sees the older state.
    if (loaded.version < this.newestVersion) return this.get();
    return loaded;
  }

  /** Called for every notification, and after a lost LISTEN connection (with MAX to force a reload). */
  markChanged(version: number): void {
    if (version <= this.newestVersion) return;
    this.newestVersion = version;
    for (const listener of this.invalidationListeners) listener(version);
  }

  onChange(listener: (version: number) => void): () => void {
    this.invalidationListeners.add(listener);
    return () => this.invalidationListeners.delete(listener);
  }
}
