import { formatCents } from '@bakje/contract/money';
import type { FulfilmentType } from '../../db/schema/index.js';
import type { CartView } from '../cart/cart-service.js';
import type { CatalogSnapshot } from '../catalog/snapshot.js';
import { localizedAddon } from '../catalog/line-names.js';
import { translate, translatedLang, type Lang } from '../i18n/locale.js';
import { isOpenAt, orderingPossibleOn } from '../opening-hours/opening-hours.js';
import { channelPausedUntil, pausedWithoutEnd, shopStatus } from '../opening-hours/pause.js';
import { escapeHtml } from '../seo/product-head.js';
import { shopSettingsFrom, type ShopSettings } from '../settings/shop-settings.js';
import { localMoment } from '../shop-time/shop-time.js';
import { firstPaintHeader, INTL_LOCALES, langAttribute, otherLanguageNoticeHtml, type FirstPaint } from './first-paint.js';
import { FIRST_PAINT_TEXTS, type FirstPaintText } from './texts.js';

/**
 * The checkout's first paint (docs/decisions/0056-checkout-first-paint.md): the page heading, the fulfilment
 * choice and the order's lines and totals for the visitor's own cart, written per request (never cached),
 * with the class names of web/src/checkout/CheckoutPage.tsx, sections/FulfilmentSection.tsx and
 * sections/OrderAside.tsx so it looks the same with the app's stylesheets. The app replaces it with its form
 * once the form's data is there. The choice is inert: only the app's form takes input.
 */

/** Said only without JavaScript (a <noscript>): the form, its time slots and the payment need the app. */
export const NEEDS_JAVASCRIPT: Record<Lang, string> = {
  nl: 'Om je bestelling af te ronden heb je JavaScript nodig: zet het aan in je browser en laad de pagina opnieuw.',
  fr: 'Pour finaliser votre commande, JavaScript est nécessaire : activez-le dans votre navigateur et rechargez la page.',
  en: 'Completing your order needs JavaScript: turn it on in your browser and reload the page.',
};

/** The app's order (web/src/cart/cartApi.ts FULFILMENT_TYPES), also the status banner's. */
const FULFILMENT_TYPES: FulfilmentType[] = ['takeaway', 'delivery', 'dinein'];

export interface CheckoutPaintInput {
  snapshot: CatalogSnapshot;
  /** The visitor's cart priced as the app's cart query prices it, or null when there is none. */
  cart: CartView | null;
  lang: Lang;
  now: Date;
  timeZone: string;
}

/** The money of a line or total as web/src/ui/Price.tsx writes it. */
function priceHtml(cents: number, lang: Lang, options: { size: 'sm' | 'md'; signed?: boolean }): string {
  const text = formatCents(cents, INTL_LOCALES[lang], { signed: options.signed });
  return `<span class="price price--${options.size}"><span class="price__current">${escapeHtml(text)}</span></span>`;
}

const fill = (message: string, values: Record<string, string | number>) => message.replace(/\{(\w+)\}/g, (all, name: string) => String(values[name] ?? all));

function fulfilmentHtml(input: CheckoutPaintInput, settings: ShopSettings, cart: CartView, text: FirstPaintText): string {
  const { lang, now, timeZone } = input;
  const chosen: FulfilmentType = cart.shippingMethod && FULFILMENT_TYPES.includes(cart.shippingMethod) ? cart.shippingMethod : 'takeaway';
  // The checkout context's openingStatus (server/src/api/graphql/resolvers/shop.ts) as the form reads it.
  const dineinClosed = !isOpenAt(settings.openingHours, now, timeZone, 'dinein');
  const deliveryOff = !settings.delivery.enabled;
  const money = (cents: number) => escapeHtml(formatCents(cents, INTL_LOCALES[lang]));
  const options = FULFILMENT_TYPES.map((t) => {
    const rate = cart.rates.find((r) => r.id === t);
    const disabled = (t === 'dinein' && dineinClosed) || (t === 'delivery' && deliveryOff);
    return (
      `<label class="fulfilment${t === chosen ? ' is-selected' : ''}${disabled ? ' is-disabled' : ''}">` +
      `<input type="radio" name="first-paint-fulfilment" value="${t}"${t === chosen ? ' checked' : ''}${disabled ? ' disabled' : ''} />` +
      `<span class="fulfilment__name">${escapeHtml(text[`fulfilment.${t}`])}</span>` +
      (rate && rate.cost > 0 ? priceHtml(rate.cost, lang, { size: 'sm', signed: true }) : '') +
      (t === 'dinein' && dineinClosed ? `<span class="fulfilment__note">${escapeHtml(text['ordering.dineinClosed'])}</span>` : '') +
      (t === 'delivery' && deliveryOff ? `<span class="fulfilment__note">${escapeHtml(text['ordering.deliveryClosed'])}</span>` : '') +
      '</label>'
    );
  }).join('');
  const rule = cart.deliveryRule;
  const rules =
    chosen === 'delivery' && !deliveryOff
      ? `<p class="checkout__hint">${escapeHtml(fill(text['delivery.rules'], { minimum: formatCents(rule.minimumOrder, INTL_LOCALES[lang]), maximum: settings.delivery.maximumDistanceKm, fee: formatCents(rule.fee, INTL_LOCALES[lang]) }))}</p>`
      : '';
  const shortfall =
    chosen === 'delivery' && cart.deliveryShortfall
      ? '<div class="notice notice--warning" role="alert"><span>' +
        `${fill(escapeHtml(text['delivery.shortfall']), { missing: money(cart.deliveryShortfall), minimum: money(rule.minimumOrder) })}</span> ` +
        `<a class="btn btn--secondary btn--sm" href="/bestellen">${escapeHtml(text['delivery.addMore'])}</a></div>`
      : '';
  return (
    '<section class="checkout__section" aria-labelledby="first-paint-fulfilment-title">' +
    `<h2 class="checkout__section-title" id="first-paint-fulfilment-title">${escapeHtml(text['checkout.fulfilment'])}</h2>` +
    `<fieldset class="choice-group"><legend class="visually-hidden">${escapeHtml(text['checkout.fulfilment'])}</legend>` +
    `<div class="fulfilment-options">${options}</div></fieldset>${rules}${shortfall}</section>`
  );
}

function summaryHtml(snapshot: CatalogSnapshot, cart: CartView, lang: Lang, text: FirstPaintText): string {
  // A name without a translation is marked with its language; the list says so once under it, counting the
  // add-ons the app shows too (web/src/checkout/sections/OrderAside.tsx, docs/decisions/0074-untranslated-texts-hyphenation.md).
  const nameLangs = cart.lines.map((l) => translatedLang((l.variation ?? l.product).row.name, lang));
  const lines = cart.lines
    .map((l, i) => {
      const name = escapeHtml(translate((l.variation ?? l.product).row.name, lang));
      const marked = nameLangs[i] === lang ? name : `<span${langAttribute(nameLangs[i]!, lang)}>${name}</span>`;
      return (
        '<li class="summary-line">' +
        `<span class="summary-line__qty">${l.line.quantity}×</span>` +
        `<span class="summary-line__name">${marked}</span>` +
        `${priceHtml(l.subtotal, lang, { size: 'sm' })}</li>`
      );
    })
    .join('');
  // In the app's order (linesOtherLang): each line's name, then its add-ons' names and options.
  const langs = cart.lines.flatMap((l, i) => [
    nameLangs[i]!,
    ...l.line.addons.flatMap((a) => {
      const shown = localizedAddon(snapshot, l.product.row.id, a, lang);
      return shown.valueLang ? [shown.nameLang, shown.valueLang] : [shown.nameLang];
    }),
  ]);
  const t = cart.totals;
  const giftCards = cart.giftCards.reduce((sum, g) => sum + g.amount, 0);
  const row = (label: string, amount: number, className = '') =>
    `<div class="totals__row${className}"><dt>${escapeHtml(label)}</dt><dd>${priceHtml(amount, lang, { size: 'sm' })}</dd></div>`;
  const coupons = cart.coupons.map((c) => c.coupon.code).join(', ');
  const totals =
    '<dl class="totals">' +
    row(text['cart.subtotal'], t.subtotal) +
    (t.discountTotal > 0 ? row(`${text['cart.discount']}${coupons ? ` (${coupons})` : ''}`, -t.discountTotal, ' totals__row--discount') : '') +
    (t.shippingTotal > 0 ? row(text['cart.deliveryFee'], t.shippingTotal) : '') +
    (giftCards > 0 ? row(text['cart.giftCards'], -giftCards, ' totals__row--discount') : '') +
    `<div class="totals__row totals__row--total"><dt>${escapeHtml(text['cart.total'])}</dt><dd>${priceHtml(t.total, lang, { size: 'md' })}</dd></div>` +
    t.vatLines
      .filter((v) => v.tax > 0)
      .map((v) => row(fill(text['cart.vatIncluded'], { rate: v.rate }), v.tax, ' totals__row--vat'))
      .join('') +
    '</dl>';
  return (
    '<aside class="checkout__summary" aria-labelledby="first-paint-summary-title">' +
    `<h2 id="first-paint-summary-title" class="checkout__section-title">${escapeHtml(text['checkout.yourOrder'])}</h2>` +
    `<ul class="summary-lines">${lines}</ul>${otherLanguageNoticeHtml(langs, lang, text)}${totals}</aside>`
  );
}

/**
 * The shell's notice line (web/src/shop-status/ShopStatusBanner.tsx) for the web shop: paused, closed now and when
 * it opens, busy. The app draws it above the page; drawn here too, it is not a new, larger paint when the app's
 * page replaces this one (a closed line can wrap to two lines, larger than any heading of the form).
 */
function statusHtml(input: CheckoutPaintInput, settings: ShopSettings, text: FirstPaintText): string {
  const { lang, now, timeZone } = input;
  const status = shopStatus(settings, now, timeZone);
  const locale = INTL_LOCALES[lang];
  const paused = FULFILMENT_TYPES.filter((t) => status.pauses.some((p) => p.channel === 'web' && p.type === t));
  const anyOpen = FULFILMENT_TYPES.some((t) => status.open[t].isOpen);
  const time = (iso: string) => {
    const date = new Date(iso);
    const day = (d: Date) => localMoment(d, timeZone).date;
    const options: Intl.DateTimeFormatOptions =
      day(date) === day(now) ? { hour: '2-digit', minute: '2-digit', timeZone } : { weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone };
    return new Intl.DateTimeFormat(locale, options).format(date);
  };
  const lines: { tone: 'warning' | 'info'; text: string }[] = [];
  if (paused.length === FULFILMENT_TYPES.length) {
    const ends = status.pauses.filter((p) => p.channel === 'web').map((p) => p.until);
    const until = ends.includes(null) ? null : ends.sort().at(-1);
    lines.push({ tone: 'warning', text: until ? fill(text['shopStatus.pausedUntil'], { time: time(until) }) : text['shopStatus.paused'] });
  } else if (paused.length > 0) {
    const types = new Intl.ListFormat(locale).format(paused.map((t) => text[`shopStatus.type.${t}`]));
    lines.push({ tone: 'warning', text: fill(text['shopStatus.pausedFor'], { types }) });
  }
  if (!anyOpen) {
    const next = FULFILMENT_TYPES.map((t) => status.open[t].opensAt)
      .filter((t): t is string => t !== null)
      .sort()[0];
    lines.push({ tone: 'info', text: next ? fill(text['shopStatus.closedOpensAt'], { time: time(next) }) : text['shopStatus.closed'] });
  }
  if (status.busyMinutes > 0 && paused.length < FULFILMENT_TYPES.length)
    lines.push({ tone: 'info', text: fill(text['shopStatus.busy'], { minutes: status.busyMinutes }) });
  if (!lines.length) return '';
  return `<div class="shop-status" role="status">${lines.map((l) => `<p class="shop-status__line shop-status__line--${l.tone}">${escapeHtml(l.text)}</p>`).join('')}</div>`;
}

/** The page's markup: the form's first screen for a cart, the app's empty state without one. */
export function renderCheckoutFirstPaint(input: CheckoutPaintInput): FirstPaint {
  const { snapshot, cart, lang, now, timeZone } = input;
  const text = FIRST_PAINT_TEXTS[lang];
  const title = `<h1 class="page-title">${escapeHtml(text['nav.checkout'])}</h1>`;
  const settings = shopSettingsFrom(snapshot.settings);
  let page: string;
  if (!cart || cart.lines.length === 0) {
    // web/src/checkout/CheckoutPage.tsx's empty cart (ui/States.tsx EmptyState, a primary ButtonLink).
    page =
      `<div class="container checkout" data-testid="checkout-first-paint">${title}<div class="state state--empty"><h2 class="state__title">${escapeHtml(text['cart.empty'])}</h2>` +
      `<div class="state__action"><a class="btn btn--primary btn--md" href="/bestellen">${escapeHtml(text['error.toMenu'])}</a></div></div></div>`;
  } else {
    const today = localMoment(now, timeZone).date;
    // As web/src/checkout/CheckoutForm.tsx: a pause with an end leaves the times after it (issue 31).
    const webPaused = channelPausedUntil(settings, 'web', now) !== undefined;
    const orderingPossible = orderingPossibleOn(settings.openingHours, today, now) && !pausedWithoutEnd(settings, 'web', now);
    const closedText = text[webPaused ? 'shopStatus.paused' : 'ordering.closed'];
    page =
      `<div class="container checkout" data-testid="checkout-first-paint">${title}` +
      (orderingPossible ? '' : `<div class="notice notice--error" role="alert"><span>${escapeHtml(closedText)}</span></div>`) +
      `<noscript><div class="notice notice--warning" role="status">${escapeHtml(NEEDS_JAVASCRIPT[lang])}</div></noscript>` +
      // Inert: a choice made here would be lost when the app's form takes its place.
      `<div class="checkout__grid" inert><div class="checkout__main">${fulfilmentHtml(input, settings, cart, text)}` +
      `<section class="checkout__section" aria-labelledby="first-paint-when-title"><h2 class="checkout__section-title" id="first-paint-when-title">${escapeHtml(text['checkout.when'])}</h2></section>` +
      `</div>${summaryHtml(snapshot, cart, lang, text)}</div></div>`;
  }
  const body =
    `<div id="first-paint" class="shell first-paint">${firstPaintHeader(snapshot, text)}${statusHtml(input, settings, text)}` +
    `<main class="shell__main">${page}</main></div>`;
  return { lang, head: '', body, perVisitor: true };
}
