import type { PosSettingsPatch, PosSettingsView, PosSyncOverview, PosSyncRow } from '@bakje/contract';

export type { PosSettingsPatch, PosSettingsView, PosSyncOverview, PosSyncRow };

/** GET /api/admin/pos (server/src/api/rest/cloudpos.ts): settings without the key, every record's link and last sync. */
export const OVERVIEW_URL = '/api/admin/pos';
export const SETTINGS_URL = '/api/admin/pos/settings';
export const SYNC_ALL_URL = '/api/admin/pos/sync-all';
export const SYNC_ONE_URL = '/api/admin/pos/sync';
export const posKey = ['dashboard', 'pos'] as const;

/** A "sync everything" still under way: not every queued record has been synced or has failed since it started. */
export const runInProgress = (overview: PosSyncOverview | undefined) => !!overview?.run && overview.run.done + overview.run.failed < overview.run.total;
