/** The point-of-sale sync as the dashboard sees it (`/api/admin/pos`, docs/interfaces.md §7). */

export type PosEntity = 'product' | 'category';

/** The settings without the key: only whether one is set and its last four characters. */
export interface PosSettingsView {
  enabled: boolean;
  baseUrl: string;
  apiKeySet: boolean;
  apiKeyLast4: string;
}

/** `PUT /api/admin/pos/settings`: only the fields sent change; an absent or empty `apiKey` keeps the stored one. */
export interface PosSettingsPatch {
  enabled?: boolean;
  baseUrl?: string;
  apiKey?: string;
}

/** One product or category: its link in the till and its last sync. */
export interface PosSyncRow {
  entity: PosEntity;
  id: number;
  name: string;
  posId: string | null;
  syncedAt: string | null;
  /** How the last successful sync found its counterpart. */
  outcome: 'updated' | 'linked' | 'inserted' | null;
  failedAt: string | null;
  /** The last failed attempt's error, cleared by the next success. */
  error: string | null;
}

/** The last "sync everything": how many records it queued and how many have been synced or failed since. */
export interface PosSyncRun {
  startedAt: string;
  total: number;
  done: number;
  failed: number;
}

export interface PosSyncOverview {
  settings: PosSettingsView;
  rows: PosSyncRow[];
  run: PosSyncRun | null;
}
