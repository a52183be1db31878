import { transactionCostLabel } from '../cart/transaction-cost.js';
import { CASH_ROUNDING_LABELS, COUNTER_PAID_METHODS, KIOSK_COUNTER_METHOD, KIOSK_TERMINAL_METHOD } from '@bakje/contract';
import { strictestAge } from '../catalog/age-limit.js';
import { centsToDecimal } from '../catalog/money.js';
import { kitchenNotes, type OrderWithLines } from '../orders/order-read.js';
import { allergenNames } from '../catalog/line-allergens.js';
import type { PrintKind } from './print-jobs.js';
import { center, fit, leftRight, printable, wrap } from './ticket-text.js';

/** Widths of docs/product.md §9: the customer ticket in normal print, the kitchen ticket in double-size print. */
export const CUSTOMER_WIDTH = 48;
export const KITCHEN_WIDTH = 23;
/** Item row of the customer ticket: quantity 4, name 35, a space, price 8 = 48. */
const QTY = 4;
const NAME = 35;
const PRICE = 8;

export interface Seller {
  name: string;
  /** Address lines as printed under the name. */
  address: string[];
  vatNumber: string;
}

export interface TicketContext {
  seller: Seller;
  timeZone: string;
  /** The print job's idempotency key, printed small at the bottom so duplicates can be recognised. */
  reference: string;
  /**
   * This print retries one that was cut off by a crash: the first may have reached the paper. The ticket
   * opens with HERDRUK so the kitchen knows a second one is a copy, not a second order.
   */
  reprint?: boolean;
  /** A station's own kitchen ticket: its name heads the ticket (the lines are already only its own). */
  station?: string;
}

/** The line a ticket opens with when it may be a copy (TicketContext.reprint). */
export const REPRINT_MARK = 'HERDRUK';
/** The line every ticket of an order placed in test mode opens with (docs/decisions/0070-test-and-live-mode.md). */
export const TEST_MARK = '*** TEST ***';

/** A ticket as text lines plus the style the encoder prints it in. */
export interface Ticket {
  kind: PrintKind;
  width: number;
  lines: string[];
}

const FULFILMENT: Record<string, string> = { takeaway: 'Afhalen', delivery: 'Levering', dinein: 'Ter plaatse' };

/**
 * docs/product.md §9: CASH for cash on collection (cod), otherwise the order is already paid. A kiosk order
 * still to be paid at the counter (printed before staff confirmed it) is money to collect too.
 */
export function paymentLabel(paymentMethod: string, toPay?: number): 'CASH' | 'BETAALD' {
  // Paid in full by gift cards: nothing to collect.
  if (toPay === 0) return 'BETAALD';
  return paymentMethod === 'cod' || paymentMethod === KIOSK_COUNTER_METHOD ? 'CASH' : 'BETAALD';
}

/**
 * Bakje's own methods in the ticket's Dutch: their stored titles follow the language the order was placed in
 * (the kiosk's are English). Other methods keep their title, a brand name such as "Bancontact".
 */
const OWN_METHOD_TITLES: Record<string, string> = {
  cod: 'Contant',
  [KIOSK_COUNTER_METHOD]: 'Aan de toonbank',
  [KIOSK_TERMINAL_METHOD]: 'Betaalterminal',
  [COUNTER_PAID_METHODS.cash]: 'Contant aan de toonbank',
  [COUNTER_PAID_METHODS.card]: 'Kaart aan de toonbank',
};

function methodTitle(order: OrderWithLines): string {
  return OWN_METHOD_TITLES[order.paymentMethod] ?? (order.paymentMethodTitle || order.paymentMethod);
}

/** Whether the customer still pays at pickup, in the customer ticket's words. */
const PAYMENT_STATE: Record<ReturnType<typeof paymentLabel>, string> = { CASH: 'TE BETALEN', BETAALD: 'BETAALD' };

/** An amount as a Belgian ticket writes it: a decimal comma ("16,80"). */
function amountText(cents: number): string {
  return centsToDecimal(cents).replace('.', ',');
}

/**
 * One formatter per time zone for the life of the process: building an Intl formatter (or a zoned date
 * per call, as before) cost more CPU than laying out the rest of the ticket (issue 18).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of `instant` in `timeZone`, two digits each (the year four). */
function wallClock(instant: Date, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const fields = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of formatter.formatToParts(instant)) {
    if (part.type in fields) fields[part.type as keyof typeof fields] = part.value;
  }
  return fields;
}

/** dd-MM-yyyy HH:mm, dd-MM or HH:mm in the shop's time zone. */
function when(instant: Date, timeZone: string, pattern: 'dd-MM-yyyy HH:mm' | 'dd-MM' | 'HH:mm'): string {
  const t = wallClock(instant, timeZone);
  if (pattern === 'dd-MM') return `${t.day}-${t.month}`;
  if (pattern === 'HH:mm') return `${t.hour}:${t.minute}`;
  return `${t.day}-${t.month}-${t.year.padStart(4, '0')} ${t.hour}:${t.minute}`;
}

function customerName(order: OrderWithLines): string {
  return `${order.billing.firstName} ${order.billing.lastName}`.trim();
}

function addonText(addon: { name: string; value: string }): string {
  return addon.name ? `${addon.name}: ${addon.value}` : addon.value;
}

/**
 * "16+: CONTROLEER ID" when a line is age-restricted (the strictest age; docs/decisions/0071-age-restricted-
 * products-staff-language.md): whoever hands the order over checks the customer's ID. 18 characters: fits both widths.
 */
export function ageCheckMark(order: OrderWithLines): string | null {
  const age = strictestAge(order.lines.map((line) => line.ageLimit));
  return age === null ? null : `${age}+: CONTROLEER ID`;
}

/** The line's mark when the customer brings their own container (docs/decisions/0084-allergens-at-the-door-own-container.md). */
export const OWN_CONTAINER_MARK = 'EIGEN POT';
/** How the paper lists a line's allergens: in Dutch, as every printed ticket (docs/product.md §9). */
export const ALLERGENS_LABEL = 'Allergenen';

type Line = OrderWithLines['lines'][number];

/**
 * Under a line, indented by `indent` within `width`: its allergens (product and chosen add-ons, stored on
 * the line when the order was placed), and "EIGEN POT" when the customer brings a container. `allergens`:
 * 'always' says "geen" for a line without any of the 14 (the label, whose purpose this is), 'some' prints only
 * lines that have some (the customer ticket, kept short).
 */
function lineExtras(item: Line, indent: number, width: number, allergens: 'always' | 'some' | 'never'): string[] {
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  const names = allergenNames(item.allergens ?? [], 'nl');
  if (allergens === 'always' || (allergens === 'some' && names.length)) {
    const text = `${ALLERGENS_LABEL}: ${names.length ? names.join(', ') : 'geen'}`;
    for (const line of wrap(printable(text), width - indent)) out.push(`${pad}${line}`);
  }
  if (item.ownContainer) out.push(`${pad}** ${OWN_CONTAINER_MARK} **`);
  return out;
}

function deliveryAddress(order: OrderWithLines): string[] {
  if (order.fulfilmentType !== 'delivery') return [];
  const a = order.shipping;
  return [[a.address1, a.address2].filter(Boolean).join(' '), `${a.postcode} ${a.city}`.trim()].filter(Boolean);
}

/**
 * The customer's pro forma ticket, 48 characters wide. The web shop is not a certified cash register
 * (GKS), so the ticket says PRO FORMA and that it is no VAT receipt (docs/interfaces.md §6).
 */
export function customerTicket(order: OrderWithLines, context: TicketContext): Ticket {
  const W = CUSTOMER_WIDTH;
  const rule = '-'.repeat(W);
  const p = printable;
  const lines: string[] = context.reprint ? [center(`*** ${REPRINT_MARK} ***`, W)] : [];
  if (order.placedInTestMode) lines.unshift(center(TEST_MARK, W));
  const row = (label: string, value: string) => lines.push(...wrap(p(`${label}: ${value}`), W));

  lines.push(center(p(context.seller.name), W));
  for (const line of context.seller.address) lines.push(center(p(line), W));
  if (context.seller.vatNumber) lines.push(center(p(`BTW ${context.seller.vatNumber}`), W));
  lines.push(rule, center('PRO FORMA', W), center('Dit is geen geldig BTW-kasticket', W), rule);
  lines.push(leftRight('Pro forma ticket', `#${order.pickupNumber}`, W));
  row('Bestelling', String(order.id));
  row('Klant', customerName(order));
  row('Datum', when(order.createdAt, context.timeZone, 'dd-MM-yyyy HH:mm'));
  if (order.slotStart) row(FULFILMENT[order.fulfilmentType] ?? order.fulfilmentType, when(order.slotStart, context.timeZone, 'dd-MM-yyyy HH:mm'));
  for (const line of deliveryAddress(order)) lines.push(fit(p(`  ${line}`), W));
  row('Betalingsmethode', methodTitle(order));
  row('Betaling', PAYMENT_STATE[paymentLabel(order.paymentMethod, order.total)]);

  lines.push(rule);
  for (const item of order.lines) {
    const qty = `${item.quantity}x`.padEnd(QTY);
    lines.push(`${qty}${fit(p(item.name), NAME).padEnd(NAME)} ${amountText(item.subtotal).padStart(PRICE)}`);
    for (const addon of item.addons) lines.push(`${' '.repeat(QTY)}${fit(p(`+ ${addonText(addon)}`), NAME)}`.trimEnd());
    lines.push(...lineExtras(item, QTY, W, 'some'));
  }
  const ageMark = ageCheckMark(order);
  if (ageMark) lines.push(center(`*** ${ageMark} ***`, W));
  lines.push(rule);
  const amount = (label: string, cents: number) => lines.push(leftRight(label, amountText(cents), W));
  amount('Subtotaal', order.subtotal);
  if (order.discountTotal) amount('Korting', -order.discountTotal);
  if (order.shippingTotal) amount('Levering', order.shippingTotal);
  if (order.transactionCost) amount(fit(p(transactionCostLabel(order.transactionCost, 'nl')), W - 12), order.transactionCost.total);
  // Gift cards are a means of payment (docs/decisions/0045-coupons-gift-cards.md): the total is the whole sale, the
  // cards come off after the VAT, and what is left is to pay. Only a code's last four characters are ever printed.
  const byCards = order.giftCards.reduce((sum, g) => sum + g.amount, 0);
  // A cash total is rounded to 5 cents (docs/decisions/0080-cash-rounding.md): the sale and its VAT are the
  // unrounded amounts, the rounding is a line of its own just before what is to pay.
  lines.push(leftRight('Totaal', `EUR ${amountText(order.total - order.cashRounding + byCards)}`, W));
  for (const vat of order.vatLines) lines.push(leftRight(`  incl. BTW ${vat.rate}% op ${amountText(vat.total)}`, amountText(vat.tax), W));
  // A gift card sold is a multi-purpose voucher: no VAT when sold (docs/decisions/0054-gift-card-sales-figures.md).
  const cardsSold = order.lines.filter((l) => l.vatRate === 0).reduce((sum, l) => sum + l.total, 0);
  if (cardsSold) lines.push(leftRight('  cadeaubon, buiten BTW', amountText(cardsSold), W));
  for (const card of order.giftCards) lines.push(leftRight(p(`Cadeaubon ****${card.last4}`), `-EUR ${amountText(card.amount)}`, W));
  if (order.cashRounding) amount(CASH_ROUNDING_LABELS.nl, order.cashRounding);
  if (order.giftCards.length || order.cashRounding) lines.push(leftRight('Te betalen', `EUR ${amountText(order.total)}`, W));

  const notes = kitchenNotes(order.customerNote);
  if (notes.length) {
    lines.push(rule, 'Notities:');
    for (const note of notes) lines.push(...wrap(p(`- ${note}`), W));
  }
  lines.push(rule, center('Bedankt voor uw bezoek!', W), '', center(p(`ref ${context.reference}`), W));
  return { kind: 'customer', width: W, lines };
}

/**
 * The kitchen ticket, 23 characters wide (printed double size): pickup number, fulfilment and time,
 * items with their add-ons, the notes split on '|', the customer and CASH/BETAALD.
 */
export function kitchenTicket(order: OrderWithLines, context: TicketContext): Ticket {
  const W = KITCHEN_WIDTH;
  const rule = '-'.repeat(W);
  const p = printable;
  const lines: string[] = context.reprint ? [center(REPRINT_MARK, W), rule] : [rule];
  if (order.placedInTestMode) lines.unshift(center(TEST_MARK, W));
  if (context.station) lines.push(center(p(context.station.toUpperCase()), W), rule);
  const ageMark = ageCheckMark(order);
  if (ageMark) lines.push(center(ageMark, W), rule);
  lines.push(leftRight(`#${order.pickupNumber}`, p((FULFILMENT[order.fulfilmentType] ?? order.fulfilmentType).toUpperCase()), W));
  if (order.slotStart) lines.push(leftRight(when(order.slotStart, context.timeZone, 'dd-MM'), when(order.slotStart, context.timeZone, 'HH:mm'), W));
  for (const line of deliveryAddress(order)) lines.push(...wrap(p(line), W));
  lines.push(rule);
  for (const item of order.lines) {
    const [first = '', ...rest] = wrap(p(item.name), W - QTY);
    lines.push(`${`${item.quantity}x`.padEnd(QTY)}${first}`);
    for (const line of rest) lines.push(`${' '.repeat(QTY)}${line}`);
    for (const addon of item.addons) {
      for (const line of wrap(p(`+ ${addonText(addon)}`), W - QTY)) lines.push(`${' '.repeat(QTY)}${line}`);
    }
    lines.push(...lineExtras(item, QTY, W, 'never'));
  }
  const notes = kitchenNotes(order.customerNote);
  if (notes.length) {
    lines.push(rule, 'Notities:');
    for (const note of notes) lines.push(...wrap(p(`- ${note}`), W));
  }
  lines.push(rule);
  lines.push(...wrap(p(customerName(order)), W));
  lines.push(paymentLabel(order.paymentMethod, order.total));
  lines.push(fit(p(`ref ${context.reference}`), W));
  return { kind: 'kitchen', width: W, lines };
}

/**
 * The delivery/takeaway label, 48 characters wide on the customer ticket's printer: what goes on or in the bag
 * so the allergens travel with the food (Regulation 1169/2011 art. 14; docs/decisions/0084-allergens-at-the-door-own-container.md).
 * Who and where, then every line with its add-ons, its allergens and its own-container mark; no prices.
 */
export function labelTicket(order: OrderWithLines, context: TicketContext): Ticket {
  const W = CUSTOMER_WIDTH;
  const rule = '-'.repeat(W);
  const p = printable;
  const lines: string[] = [];
  if (order.placedInTestMode) lines.push(center(TEST_MARK, W));
  if (context.reprint) lines.push(center(`*** ${REPRINT_MARK} ***`, W));
  lines.push(leftRight(`#${order.pickupNumber}`, p((FULFILMENT[order.fulfilmentType] ?? order.fulfilmentType).toUpperCase()), W));
  lines.push(center(p(context.seller.name), W), rule);
  lines.push(...wrap(p(`Klant: ${customerName(order)}`), W));
  for (const line of deliveryAddress(order)) lines.push(fit(p(`  ${line}`), W));
  if (order.slotStart)
    lines.push(...wrap(p(`${FULFILMENT[order.fulfilmentType] ?? order.fulfilmentType}: ${when(order.slotStart, context.timeZone, 'dd-MM-yyyy HH:mm')}`), W));
  lines.push(rule);
  for (const item of order.lines) {
    const [first = '', ...rest] = wrap(p(item.name), W - QTY);
    lines.push(`${`${item.quantity}x`.padEnd(QTY)}${first}`);
    for (const line of rest) lines.push(`${' '.repeat(QTY)}${line}`);
    for (const addon of item.addons) for (const line of wrap(p(`+ ${addonText(addon)}`), W - QTY)) lines.push(`${' '.repeat(QTY)}${line}`);
    lines.push(...lineExtras(item, QTY, W, 'always'));
  }
  const ageMark = ageCheckMark(order);
  if (ageMark) lines.push(center(`*** ${ageMark} ***`, W));
  lines.push(rule, ...wrap('Allergenen: de 14 EU-allergenen (Verordening 1169/2011) volgens onze receptuur.', W));
  lines.push(center(p(`ref ${context.reference}`), W));
  return { kind: 'label', width: W, lines };
}

export function renderTicket(kind: PrintKind, order: OrderWithLines, context: TicketContext): Ticket {
  if (kind === 'label') return labelTicket(order, context);
  return kind === 'customer' ? customerTicket(order, context) : kitchenTicket(order, context);
}
