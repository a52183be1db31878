import { formatBelgianVat } from '@bakje/contract';
import { localisedStoreSettings, parseStoreSettings } from '../../../modules/settings/store-settings.js';
import type { GraphQLContext } from '../context.js';

export function storeSettings(ctx: GraphQLContext) {
  const settings = parseStoreSettings(ctx.catalog.settings.get('store'));
  return {
    ...localisedStoreSettings(settings, ctx.lang),
    vatNumber: settings.vatNumber ? formatBelgianVat(settings.vatNumber) : null,
    baseUrl: ctx.config.siteUrl,
    timeZone: ctx.config.timeZone,
    currency: 'EUR',
  };
}
