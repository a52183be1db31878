import { centsToDecimal } from '../../../modules/catalog/money.js';
import { isOpenAt, ORDERING_CLOSED, ORDERING_PAUSED, orderingPossibleOn } from '../../../modules/opening-hours/opening-hours.js';
import { shopSettingsFrom } from '../../../modules/settings/shop-settings.js';
import { addDaysTo, instantAt, isoInZone, isValidDate, localMoment } from '../../../modules/shop-time/shop-time.js';
import { listSlotOptions, slotDayState, type SlotOption } from '../../../modules/slots/time-slots.js';
import { isDineInNow, withinHours } from '../../../modules/opening-hours/opening-hours.js';
import { channelPausedUntil, isPausedFor, leadMinutes, pausedWithoutEnd } from '../../../modules/opening-hours/pause.js';
import type { ShopSettings } from '../../../modules/settings/shop-settings.js';
import type { FulfilmentType } from '@bakje/contract';
import type { GraphQLContext } from '../context.js';
import { DomainError } from '../../../errors/domain-error.js';
import { mergeGateways } from '../../../modules/payments/payment-settings.js';
import { MULTISAFEPAY } from '../../../modules/payments/gateways/multisafepay.js';

const toType = (value: string) => value.toLowerCase() as FulfilmentType;
/** The last moment of a shop-local date: a pause reaching it closes the whole day. */
const endOfDay = (date: string, timeZone: string) => new Date(instantAt(addDaysTo(date, 1), 0, timeZone).getTime() - 1);

interface GatewayArgs {
  fulfilmentType?: string | null;
  channel?: string | null;
}

const channelOf = (args: GatewayArgs) => (args.channel?.toLowerCase() === 'kiosk' ? ('kiosk' as const) : ('web' as const));
const fulfilmentOf = (args: GatewayArgs) => (args.fulfilmentType ? toType(args.fulfilmentType) : null);

/**
 * The slot times offered to the web shop on a date: none inside a pause (a pause stops only its own period,
 * issue 31); the earliest moves by the "busy" minutes; only times within the type's opening hours; dine-in only
 * now (docs/decisions/0028).
 */
async function offeredOptions(ctx: GraphQLContext, settings: ShopSettings, type: FulfilmentType, date: string, now: Date): Promise<SlotOption[]> {
  if (!orderingPossibleOn(settings.openingHours, date, now)) return [];
  const lead = leadMinutes(settings, now);
  const options = await listSlotOptions(ctx.services.db, { type, date, now, leadTimeMinutes: lead, timeZone: ctx.config.timeZone });
  const earliest = new Date(now.getTime() + lead * 60_000);
  return options.filter(
    (o) =>
      !isPausedFor(settings, 'web', type, now, o.start) &&
      withinHours(settings.openingHours, o.start, ctx.config.timeZone, type) &&
      (type !== 'dinein' || (isOpenAt(settings.openingHours, now, ctx.config.timeZone, 'dinein') && isDineInNow(o.start, earliest, now, ctx.config.timeZone))),
  );
}

export const shopQueries = {
  // Bakje: with `paymentMethod` the cart carries that method's transaction cost (Cart.fees, in the totals).
  cart: async (_: unknown, args: { paymentMethod?: string | null }, ctx: GraphQLContext) =>
    ctx.services.carts.view(ctx.session.key(), undefined, undefined, args.paymentMethod?.trim() || null),
  viewer: () => null,
  // Every gateway's methods (cash, MultiSafepay's card methods, Stripe), as the owner has them on (docs/decisions/0040).
  paymentGateways: (_: unknown, args: GatewayArgs, ctx: GraphQLContext) => ({
    nodes: ctx.services.gateways.offered(ctx.catalog.settings, ctx.lang, channelOf(args), fulfilmentOf(args)),
  }),
  multiSafepayGateways: (_: unknown, args: GatewayArgs, ctx: GraphQLContext) => ({
    nodes: mergeGateways(ctx.services.gateways.get(MULTISAFEPAY)?.offered(ctx.catalog.settings, ctx.lang, channelOf(args), fulfilmentOf(args)) ?? []),
  }),
  openingStatus: (_: unknown, __: unknown, ctx: GraphQLContext) => {
    const settings = shopSettingsFrom(ctx.catalog.settings);
    const { openingHours } = settings;
    const now = ctx.services.clock();
    const today = localMoment(now, ctx.config.timeZone).date;
    // Paused for every fulfilment type of the web shop until resumed counts as "not possible" too (docs/decisions/0028);
    // a pause with an end leaves the times after it (issue 31), and says until when.
    const webPause = channelPausedUntil(settings, 'web', now);
    const possible = orderingPossibleOn(openingHours, today, now) && !pausedWithoutEnd(settings, 'web', now);
    return {
      isOpen: isOpenAt(openingHours, now, ctx.config.timeZone),
      openNow: {
        delivery: isOpenAt(openingHours, now, ctx.config.timeZone, 'delivery'),
        takeaway: isOpenAt(openingHours, now, ctx.config.timeZone, 'takeaway'),
        dinein: isOpenAt(openingHours, now, ctx.config.timeZone, 'dinein'),
      },
      orderingPossible: possible,
      paused: webPause !== undefined,
      pausedUntil: webPause?.until ? webPause.until.toISOString() : null,
      closedDates: openingHours.closedDates,
      week: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        periods: openingHours.week[String(weekday) as '1'] ?? [],
      })),
      message: possible ? null : webPause ? ORDERING_PAUSED : ORDERING_CLOSED,
    };
  },
  availableTimeSlots: async (_: unknown, args: { type: string; date: string }, ctx: GraphQLContext) => {
    if (!isValidDate(args.date)) throw new DomainError('INVALID_INPUT', 'Argument "date" must be a date as YYYY-MM-DD.');
    const settings = shopSettingsFrom(ctx.catalog.settings);
    const now = ctx.services.clock();
    const today = localMoment(now, ctx.config.timeZone).date;
    if (args.date < today || args.date > addDaysTo(today, settings.ordering.daysAhead - 1)) return [];
    const options = await offeredOptions(ctx, settings, toType(args.type), args.date, now);
    return options.map((o) => ({
      id: o.id,
      slotId: o.slotId,
      start: isoInZone(o.start, ctx.config.timeZone),
      end: isoInZone(o.end, ctx.config.timeZone),
      remaining: o.remaining,
      capacityMode: o.capacityMode.toUpperCase(),
      isFullyBooked: o.isFullyBooked,
      message: o.message || null,
    }));
  },
  orderingDays: async (_: unknown, args: { type: string; count?: number | null }, ctx: GraphQLContext) => {
    const settings = shopSettingsFrom(ctx.catalog.settings);
    const now = ctx.services.clock();
    const today = localMoment(now, ctx.config.timeZone).date;
    const count = Math.min(Math.max(args.count ?? settings.ordering.daysAhead, 1), settings.ordering.daysAhead);
    const days = [];
    for (let i = 0; i < count; i++) {
      const date = addDaysTo(today, i);
      const type = toType(args.type);
      const possible = orderingPossibleOn(settings.openingHours, date, now) && !isPausedFor(settings, 'web', type, now, endOfDay(date, ctx.config.timeZone));
      const options = possible ? await offeredOptions(ctx, settings, type, date, now) : [];
      const state = !possible ? 'CLOSED' : await slotDayState(ctx.services.db, { type, date, isToday: i === 0, timeZone: ctx.config.timeZone }, options);
      const label = new Intl.DateTimeFormat({ nl: 'nl-BE', fr: 'fr-FR', en: 'en-US' }[ctx.lang], {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${date}T12:00:00Z`));
      days.push({ date, label, hasSlots: state === 'OPEN', state });
    }
    return days;
  },
  countryStates: () => [],
  allowedCountries: () => ['BE', 'NL', 'FR', 'LU', 'DE'],
  deliverySettings: (_: unknown, __: unknown, ctx: GraphQLContext) => {
    const { delivery } = shopSettingsFrom(ctx.catalog.settings);
    return {
      enabled: delivery.enabled,
      minimumOrder: centsToDecimal(delivery.minimumOrder),
      maximumDistanceKm: delivery.maximumDistanceKm,
      fee: centsToDecimal(delivery.fee),
    };
  },
};
