import type { PaymentSettingsView } from '@bakje/contract';

/** GET/PUT /api/settings/payments (server/src/modules/payments/payment-settings.ts). */
export type PaymentSettings = PaymentSettingsView;

export const PAYMENT_SETTINGS_URL = '/api/settings/payments';
export const paymentSettingsKey = ['dashboard', 'payments', 'settings'] as const;

/** GET/PUT /api/settings/payment-providers (server/src/modules/payments/provider-settings.ts): keys write-only. */
export const PAYMENT_PROVIDERS_URL = '/api/settings/payment-providers';
export const paymentProvidersKey = ['dashboard', 'payments', 'providers'] as const;

/** GET/PUT /api/settings/payment-surcharges (server/src/modules/payments/payment-surcharges.ts): transaction cost per method. */
export const PAYMENT_SURCHARGES_URL = '/api/settings/payment-surcharges';
export const paymentSurchargesKey = ['dashboard', 'payments', 'surcharges'] as const;
