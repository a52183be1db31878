import type { ShopStatus } from '@bakje/contract';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { Logger } from '../../logger.js';
import { shopSettingsFrom } from '../settings/shop-settings.js';
import { nextStatusChange, shopStatus } from './pause.js';

/**
 * Tells listeners (the shop and kiosk, through /api/events/shop-status) the shop status whenever it
 * changes: a settings write (pause, busy, hours; heard on every instance through the catalogue's
 * notifications) or the clock (a pause ends, the shop opens or closes). No polling by clients.
 */
export class ShopStatusHub {
  private readonly listeners = new Set<(status: ShopStatus) => void>();
  private last = '';
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly catalog: CatalogService,
    private readonly timeZone: string,
    private readonly clock: () => Date,
    private readonly log: Logger,
  ) {}

  async current(): Promise<ShopStatus> {
    return shopStatus(shopSettingsFrom((await this.catalog.get()).settings), this.clock(), this.timeZone);
  }

  subscribe(listener: (status: ShopStatus) => void): () => void {
    if (this.listeners.size === 0) this.start();
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private start(): void {
    this.unsubscribe = this.catalog.onChange(() => void this.refresh());
    void this.refresh();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.last = '';
  }

  private async refresh(): Promise<void> {
    try {
      const settings = shopSettingsFrom((await this.catalog.get()).settings);
      const now = this.clock();
      const status = shopStatus(settings, now, this.timeZone);
      const text = JSON.stringify(status);
      if (text !== this.last) {
        this.last = text;
        for (const listener of this.listeners) listener(status);
      }
      if (this.timer) clearTimeout(this.timer);
      const next = nextStatusChange(settings, now, this.timeZone);
      if (next && this.listeners.size > 0) {
        // Timers longer than ~24.8 days overflow; a day is plenty (the next refresh sets the next one).
        this.timer = setTimeout(() => void this.refresh(), Math.min(next.getTime() - now.getTime() + 50, 86_400_000));
        this.timer.unref();
      }
    } catch (error) {
      this.log.error({ err: error }, 'computing the shop status failed');
    }
  }
}
