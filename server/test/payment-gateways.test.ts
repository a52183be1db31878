import { describe, expect, it } from 'vitest';
import { KIOSK_COUNTER_METHOD, KIOSK_TERMINAL_METHOD } from '@bakje/contract';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { createLogger } from '../src/logger.js';
import { buildGateways, GatewayRegistry } from '../src/modules/payments/gateways/registry.js';
import { DEFAULT_PAYMENT_SETTINGS, PAYMENT_SETTINGS_KEY } from '../src/modules/payments/payment-settings.js';
import { PROVIDER_SETTINGS_KEY } from '../src/modules/payments/provider-settings.js';

// The registry answers checkout's and the storefront's questions from the gateways
// (docs/decisions/0062-payment-gateways-composition-root.md); no database is reached for them.
describe('the payment gateway registry', () => {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' });
  const db = {} as Db;
  const registry = new GatewayRegistry(
    buildGateways({
      db,
      providerDefaults: { multisafepay: config.multisafepay, stripe: config.stripe },
      cachedSettings: () => Promise.resolve(new Map()),
      fetchFor: () => ({}),
    }),
    db,
    { siteUrl: config.siteUrl, clock: () => new Date(), log: createLogger('silent') },
  );
  const settings = (providers: unknown) => new Map<string, unknown>([[PROVIDER_SETTINGS_KEY, providers]]);
  const stripeOn = settings({ stripe: { active: true } });

  it('gives each method its title on the order only where its gateway takes it', () => {
    const title = registry.methodTitle;
    expect(title(stripeOn, 'cod', 'takeaway', 'web')).toBe('Cash');
    expect(title(stripeOn, 'bancontact', 'delivery', 'kiosk')).toBe('Bancontact');
    expect(title(stripeOn, 'stripe', 'takeaway', 'web')).toBe('Credit card (Stripe)');
    expect(title(stripeOn, 'stripe', 'takeaway', 'kiosk')).toBeUndefined();
    expect(title(settings({}), 'stripe', 'takeaway', 'web')).toBeUndefined();
    // Cartes Bancaires is off in the default payment settings; MultiSafepay switched off takes none.
    expect(title(stripeOn, 'cartebleue', 'takeaway', 'web')).toBeUndefined();
    expect(title(settings({ multisafepay: { active: false } }), 'bancontact', 'takeaway', 'web')).toBeUndefined();
    expect(title(stripeOn, KIOSK_TERMINAL_METHOD, 'takeaway', 'kiosk')).toBe('Card terminal');
    expect(title(stripeOn, KIOSK_TERMINAL_METHOD, 'takeaway', 'web')).toBeUndefined();
    expect(title(stripeOn, KIOSK_COUNTER_METHOD, 'takeaway', 'kiosk')).toBe('Pay at the counter');
    expect(title(stripeOn, 'paypal', 'takeaway', 'web')).toBeUndefined();
  });

  it('offers cash everywhere, the card methods per fulfilment and channel, Stripe on the web only', () => {
    const values = new Map<string, unknown>([
      [PROVIDER_SETTINGS_KEY, { stripe: { active: true } }],
      [PAYMENT_SETTINGS_KEY, { methods: { ...DEFAULT_PAYMENT_SETTINGS.methods, visa: { enabled: true, fulfilment: ['delivery'], channels: ['web'] } } }],
    ]);
    const ids = (channel: 'web' | 'kiosk', fulfilment: 'delivery' | 'takeaway' | null) => registry.offered(values, 'en', channel, fulfilment).map((g) => g.id);
    expect(ids('web', 'delivery')).toContain('visa');
    expect(ids('web', 'takeaway')).not.toContain('visa');
    expect(ids('web', null)).toEqual(expect.arrayContaining(['cod', 'bancontact', 'stripe', 'visa']));
    expect(ids('kiosk', null)).toContain('cod');
    expect(ids('kiosk', null)).not.toContain('stripe');
    const titles = registry.offered(values, 'en', 'web', null).map((g) => g.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('says where each payment completes, and keeps a payments service for the gateways at a provider only', () => {
    expect(registry.get('stripe')!.completion('stripe')).toBe('page');
    expect(registry.get('multisafepay')!.completion('bancontact')).toBe('redirect');
    expect(registry.get('multisafepay')!.completion(KIOSK_TERMINAL_METHOD)).toBe('terminal');
    expect(registry.get('cash')!.completion('cod')).toBe('in-person');
    expect(registry.services.map((s) => s.provider.id)).toEqual(['multisafepay', 'stripe']);
    expect(registry.service('cash')).toBeUndefined();
  });
});
