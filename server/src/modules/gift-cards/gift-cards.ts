import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { giftCardMovements, giftCards, orderLines, orders, products } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { centsToDecimal } from '../catalog/money.js';
import { TooManyAttemptsError, Throttle, type WindowRule } from '../auth/throttle.js';
import { enqueueMail } from '../mail/outbox.js';
import { markedAsTest } from '../mail/templates.js';

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardMovementRow = typeof giftCardMovements.$inferSelect;

/**
 * No 0/O, 1/I: a code read aloud or typed from paper stays right. 32 symbols × 16 = 80 bits, drawn with
 * crypto's unbiased randomInt (docs/decisions/0045-coupons-gift-cards.md).
 */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const CODE_LENGTH = 16;

/** The product meta that makes a product a gift card: its price (or its variations' prices) is the card's value. */
export const GIFT_CARD_META = '_bakje_gift_card';

/** Whether a product's meta marks it as a gift card (`_bakje_gift_card` yes/true/1). */
export const isGiftCardProduct = (metaData: { key: string; value: unknown }[]) =>
  metaData.some((m) => m.key === GIFT_CARD_META && ['yes', 'true', '1'].includes(String(m.value).toLowerCase()));

/** Failed look-ups per address: enough for typos, far too few to guess 80 bits. */
export const GIFT_CARD_GUESS: WindowRule = { kind: 'window', name: 'giftcard:address', limit: 10, windowSeconds: 15 * 60 };

export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a customer typed, as stored: upper case, without spaces or dashes. */
export const normaliseGiftCardCode = (input: string) => input.replace(/[\s-]/g, '').toUpperCase();

/** Whether a typed code can be a gift card code at all (the coupon field takes both). */
export const looksLikeGiftCard = (input: string) => new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`).test(normaliseGiftCardCode(input));

/** "K7QM2XRD9FTBWN4H" → "K7QM-2XRD-9FTB-WN4H". */
export const groupedCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

export const lastFour = (code: string) => code.slice(-4);

export interface IssueGiftCard {
  amount: number;
  expiresAt?: Date | null;
  recipientName?: string;
  recipientEmail?: string;
  source?: 'staff' | 'order';
  orderId?: number | null;
  orderLineId?: number | null;
  staffUserId?: number | null;
  note?: string;
}

const invalid = (message: string, field: string) => new DomainError('GIFT_CARD_INVALID', message, { params: [field] });

/** Issues a card with a new random code and records the issue as its first movement. */
export async function issueGiftCard(db: DbOrTx, input: IssueGiftCard, now: Date): Promise<GiftCardRow> {
  if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > 1_000_000)
    throw invalid('The amount must be between €0.01 and €10,000.', 'amount');
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) throw invalid('The expiry date must be in the future.', 'expires_at');
  const name = (input.recipientName ?? '').trim();
  const email = (input.recipientEmail ?? '').trim();
  if (name.length > 200) throw invalid('The recipient name is at most 200 characters.', 'recipient_name');
  if (email && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) throw invalid('The e-mail address is not valid.', 'recipient_email');
  return db.transaction(async (tx) => {
    // 80 random bits: a clash is practically impossible, but a clash must never hand out someone else's card.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [card] = await tx
        .insert(giftCards)
        .values({
          code: newGiftCardCode(),
          initialAmount: input.amount,
          balance: input.amount,
          expiresAt: input.expiresAt ?? null,
          recipientName: name,
          recipientEmail: email,
          source: input.source ?? 'staff',
          orderId: input.orderId ?? null,
          orderLineId: input.orderLineId ?? null,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!card) continue;
      await tx.insert(giftCardMovements).values({
        giftCardId: card.id,
        kind: 'issue',
        amount: input.amount,
        balanceAfter: input.amount,
        orderId: input.orderId ?? null,
        staffUserId: input.staffUserId ?? null,
        note: (input.note ?? '').slice(0, 500),
        createdAt: now,
      });
      return card;
    }
    throw new Error('could not draw a unique gift card code');
  });
}

export async function findGiftCards(db: DbOrTx, codes: string[]): Promise<GiftCardRow[]> {
  if (codes.length === 0) return [];
  const rows = await db.select().from(giftCards).where(inArray(giftCards.code, codes));
  return codes.flatMap((code) => rows.filter((r) => r.code === code));
}

/** Why a card in the cart takes nothing now. */
export type GiftCardRefusal = 'expired' | 'disabled' | 'empty';

export function giftCardRefusal(card: GiftCardRow, now: Date): GiftCardRefusal | null {
  if (card.disabled) return 'disabled';
  if (card.expiresAt && card.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (card.balance <= 0) return 'empty';
  return null;
}

/**
 * Looks up a card by what someone typed, throttled per address: every look-up counts, a found card gives
 * its attempt back, so only wrong guesses use up the allowance (docs/decisions/0045-coupons-gift-cards.md).
 */
export async function lookUpGiftCard(db: Db, throttle: Throttle, input: string, address: string): Promise<GiftCardRow> {
  try {
    await throttle.take([[GIFT_CARD_GUESS, address]]);
  } catch (error) {
    if (error instanceof TooManyAttemptsError) throw new DomainError('TOO_MANY_ATTEMPTS', error.message, { retryAfter: error.retryAfterSeconds });
    throw error;
  }
  const code = normaliseGiftCardCode(input);
  const [card] = looksLikeGiftCard(code) ? await findGiftCards(db, [code]) : [];
  if (!card) throw new DomainError('GIFT_CARD_NOT_FOUND', 'No gift card has this code.');
  await throttle.refund(GIFT_CARD_GUESS, address);
  return card;
}

/**
 * Takes `amount` from a card in the caller's transaction: one conditional UPDATE (the row lock orders
 * concurrent redemptions; the condition and the CHECK keep the balance at zero or more) and its movement.
 */
export async function redeemGiftCard(tx: DbOrTx, cardId: number, amount: number, orderId: number | null, now: Date): Promise<GiftCardRow> {
  if (!Number.isInteger(amount) || amount <= 0) throw invalid('The amount to redeem must be more than 0.', 'amount');
  const [card] = await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${amount}` })
    .where(
      and(
        eq(giftCards.id, cardId),
        eq(giftCards.disabled, false),
        sql`${giftCards.balance} >= ${amount}`,
        or(isNull(giftCards.expiresAt), gt(giftCards.expiresAt, now)),
      ),
    )
    .returning();
  if (!card) {
    const [current] = await tx.select().from(giftCards).where(eq(giftCards.id, cardId));
    if (!current) throw new DomainError('GIFT_CARD_NOT_FOUND', 'No gift card has this code.');
    if (current.disabled) throw new DomainError('GIFT_CARD_INVALID', 'This gift card can no longer be used.');
    if (current.expiresAt && current.expiresAt.getTime() <= now.getTime()) throw new DomainError('GIFT_CARD_EXPIRED', 'This gift card has expired.');
    throw new DomainError('GIFT_CARD_INSUFFICIENT_BALANCE', `This gift card has €${centsToDecimal(current.balance)} left.`, {
      balance: centsToDecimal(current.balance),
    });
  }
  await tx.insert(giftCardMovements).values({ giftCardId: cardId, kind: 'redeem', amount: -amount, balanceAfter: card.balance, orderId, createdAt: now });
  return card;
}

/** Gives back to the cards what an order took from them (the order was cancelled, failed or refunded). */
export async function refundOrderGiftCards(tx: DbOrTx, orderId: number, now: Date): Promise<void> {
  const taken = await tx
    .select({ giftCardId: giftCardMovements.giftCardId, amount: sql<number>`sum(${giftCardMovements.amount})::int` })
    .from(giftCardMovements)
    .where(and(eq(giftCardMovements.orderId, orderId), inArray(giftCardMovements.kind, ['redeem', 'refund'])))
    .groupBy(giftCardMovements.giftCardId);
  for (const { giftCardId, amount } of taken) {
    if (amount >= 0) continue;
    const [card] = await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${-amount}` })
      .where(eq(giftCards.id, giftCardId))
      .returning();
    await tx
      .insert(giftCardMovements)
      .values({ giftCardId, kind: 'refund', amount: -amount, balanceAfter: card!.balance, orderId, note: 'order cancelled', createdAt: now });
  }
}

export async function getGiftCard(db: DbOrTx, id: number): Promise<{ card: GiftCardRow; movements: GiftCardMovementRow[] }> {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.id, id));
  if (!card) throw new DomainError('GIFT_CARD_NOT_FOUND', 'No gift card has this id.', { id });
  const movements = await db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, id)).orderBy(giftCardMovements.id);
  return { card, movements };
}

export async function listGiftCards(db: DbOrTx, q: { page: number; perPage: number; search?: string }): Promise<{ total: number; cards: GiftCardRow[] }> {
  const where: SQL[] = [];
  if (q.search?.trim()) {
    const text = q.search.trim();
    const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const code = normaliseGiftCardCode(text);
    where.push(
      or(
        ilike(giftCards.recipientName, pattern),
        ilike(giftCards.recipientEmail, pattern),
        ...(code ? [ilike(giftCards.code, `%${code.replace(/[\\%_]/g, '')}%`)] : []),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(giftCards)
      .where(condition)
      .orderBy(desc(giftCards.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(giftCards).where(condition),
  ]);
  return { total: total?.n ?? 0, cards: rows };
}

/** Disables or enables a card (lost, sold by mistake); its balance and movements stay. */
export async function setGiftCardDisabled(db: DbOrTx, id: number, disabled: boolean, staffUserId: number | null, now: Date): Promise<GiftCardRow> {
  return db.transaction(async (tx) => {
    const [card] = await tx.update(giftCards).set({ disabled }).where(eq(giftCards.id, id)).returning();
    if (!card) throw new DomainError('GIFT_CARD_NOT_FOUND', 'No gift card has this id.', { id });
    await tx
      .insert(giftCardMovements)
      .values({ giftCardId: id, kind: 'adjust', amount: 0, balanceAfter: card.balance, staffUserId, note: disabled ? 'disabled' : 'enabled', createdAt: now });
    return card;
  });
}

const MAIL_TEXT = {
  nl: {
    subject: 'Je cadeaubon',
    body: (amount: string, code: string) => `Bedankt voor je bestelling. Je cadeaubon van €${amount} heeft de code:\n\n${code}\n`,
  },
  fr: {
    subject: 'Votre carte cadeau',
    body: (amount: string, code: string) => `Merci pour votre commande. Votre carte cadeau de €${amount} a le code :\n\n${code}\n`,
  },
  en: {
    subject: 'Your gift card',
    body: (amount: string, code: string) => `Thank you for your order. Your gift card of €${amount} has the code:\n\n${code}\n`,
  },
};

/**
 * Issues the gift cards an order bought, once, when it is paid (called in the transaction that marks it
 * paid), and queues the mail with their codes to the buyer. A gift card line issues one card per unit,
 * worth the unit's price.
 */
export async function issuePurchasedGiftCards(tx: DbOrTx, orderId: number, now: Date): Promise<GiftCardRow[]> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return [];
  const [already] = await tx
    .select({ n: count() })
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), eq(giftCards.source, 'order')));
  if ((already?.n ?? 0) > 0) return [];
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.flatMap((l) => [l.productId, ...(l.variationId ? [l.variationId] : [])]))];
  const flagged = new Set(
    (await tx.select({ id: products.id, metaData: products.metaData }).from(products).where(inArray(products.id, ids)))
      .filter((p) => isGiftCardProduct(p.metaData))
      .map((p) => p.id),
  );
  const issued: GiftCardRow[] = [];
  const name = `${order.billing.firstName ?? ''} ${order.billing.lastName ?? ''}`.trim();
  for (const line of lines) {
    if (!flagged.has(line.productId)) continue;
    const value = Math.round(line.subtotal / line.quantity);
    for (let i = 0; i < line.quantity; i++) {
      issued.push(
        await issueGiftCard(
          tx,
          {
            amount: value,
            recipientName: name,
            recipientEmail: order.billing.email ?? '',
            source: 'order',
            orderId,
            orderLineId: line.id,
            note: `order ${orderId}`,
          },
          now,
        ),
      );
    }
  }
  const to = order.billing.email?.trim();
  if (issued.length && to) {
    const text = MAIL_TEXT[order.lang] ?? MAIL_TEXT.nl;
    const mail = {
      kind: 'gift-card',
      to,
      subject: text.subject,
      text: issued.map((card) => text.body(centsToDecimal(card.initialAmount), groupedCode(card.code))).join('\n'),
    };
    await enqueueMail(tx, markedAsTest(mail, order.lang, order.placedInTestMode));
  }
  return issued;
}
