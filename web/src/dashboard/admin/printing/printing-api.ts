import type { PublicPrintSettings, TicketKind } from '@bakje/contract';

export type { TicketKind };
/** GET/PUT /api/printing/settings (server/src/modules/printing/print-admin.ts); the API key never comes back. */
export type PrintSettings = PublicPrintSettings;

export const SETTINGS_URL = '/api/printing/settings';
export const settingsKey = ['dashboard', 'printing', 'settings'] as const;
