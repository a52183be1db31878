import type { PaymentSettingsView } from '@bakje/contract';

/** GET/PUT /api/settings/payments (server/src/modules/payments/payment-settings.ts). */
export type PaymentSettings = PaymentSettingsView;

export const PAYMENT_SETTINGS_URL = '/api/settings/payments';
export const paymentSettingsKey = ['dashboard', 'payments', 'settings'] as const;
