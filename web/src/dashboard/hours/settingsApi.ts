import type { DeliveryRules, FulfilmentType, OpeningHoursSettings, ShopStatus } from '@bakje/contract';

/** GET/PUT /api/settings/hours and /api/settings/delivery (settings.manage), pause and busy (ordering.pause). */
export type { DeliveryRules, OpeningHoursSettings, ShopStatus };
export const HOURS_URL = '/api/settings/hours';
export const DELIVERY_URL = '/api/settings/delivery';
export const hoursKey = ['dashboard', 'settings', 'hours'] as const;
export const deliveryKey = ['dashboard', 'settings', 'delivery'] as const;
export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export const TYPES = ['delivery', 'takeaway', 'dinein'] as const satisfies readonly FulfilmentType[];
