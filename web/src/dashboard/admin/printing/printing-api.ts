export type TicketKind = 'customer' | 'kitchen';

/** GET/PUT /api/printing/settings (server/src/modules/printing/print-admin.ts); the API key never comes back. */
export interface PrintSettings {
  enabled: boolean;
  customerTicket: boolean;
  kitchenTicket: boolean;
  kitchenCopies: number;
  customerPrinter: string;
  kitchenPrinter: string;
  printNodeBaseUrl: string;
  printNodeApiKeySet: boolean;
  printNodeApiKeyEnding: string | null;
  seller: { name: string; address: string[]; vatNumber: string };
  notConfigured: TicketKind[];
}

export const SETTINGS_URL = '/api/printing/settings';
export const settingsKey = ['dashboard', 'printing', 'settings'] as const;
