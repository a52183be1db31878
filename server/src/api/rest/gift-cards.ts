import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giftCardIssueInput, type GiftCard, type GiftCardBalance, type GiftCardDetail, type GiftCardList } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { Throttle } from '../../modules/auth/throttle.js';
import { centsToDecimal } from '../../modules/catalog/money.js';
import {
  getGiftCard,
  giftCardRefusal,
  groupedCode,
  issueGiftCard,
  listGiftCards,
  lookUpGiftCard,
  setGiftCardDisabled,
  type GiftCardMovementRow,
  type GiftCardRow,
} from '../../modules/gift-cards/gift-cards.js';
import { instantAt, isValidDate } from '../../modules/shop-time/shop-time.js';
import { DomainError } from '../../errors/domain-error.js';
import { idParams, intQuery, lastValue } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const listQuery = z.object({ search: lastValue.optional(), page: intQuery(1, 1_000_000).optional(), per_page: intQuery(1, 100).optional() });
const disableBody = z.object({ disabled: z.boolean() });
const balanceBody = z.object({ code: z.string().trim().min(1).max(64) });

export const giftCardShape = (card: GiftCardRow): GiftCard => ({
  id: card.id,
  code: groupedCode(card.code),
  initialAmount: centsToDecimal(card.initialAmount),
  balance: centsToDecimal(card.balance),
  expiresAt: card.expiresAt?.toISOString() ?? null,
  recipientName: card.recipientName,
  recipientEmail: card.recipientEmail,
  source: card.source,
  orderId: card.orderId,
  disabled: card.disabled,
  createdAt: card.createdAt.toISOString(),
});

const movementShape = (m: GiftCardMovementRow) => ({
  id: m.id,
  kind: m.kind,
  amount: centsToDecimal(m.amount),
  balanceAfter: centsToDecimal(m.balanceAfter),
  orderId: m.orderId,
  note: m.note,
  createdAt: m.createdAt.toISOString(),
});

/**
 * Gift cards (docs/decisions/0045-coupons-gift-cards.md): `/api/dashboard/gift-cards` for staff with
 * `settings.manage` (list, issue, read with movements, disable), and the shop's throttled balance look-up
 * `POST /api/gift-cards/balance`.
 */
export function registerGiftCardRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date; timeZone: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, timeZone } = deps;
  const guard = { preValidation: requireStaff('settings.manage') };
  const throttle = new Throttle(db, clock);
  const staffId = async (request: { viewer(): Promise<{ kind: string; id?: number }> }) => {
    const viewer = await request.viewer();
    return viewer.kind === 'staff' && typeof viewer.id === 'number' ? viewer.id : null;
  };

  api.get('/api/dashboard/gift-cards', { ...guard, schema: { querystring: listQuery } }, async (request, reply): Promise<GiftCardList> => {
    reply.header('cache-control', 'no-store');
    const { total, cards } = await listGiftCards(db, { page: request.query.page ?? 1, perPage: request.query.per_page ?? 50, search: request.query.search });
    return { total, cards: cards.map(giftCardShape) };
  });
  api.post('/api/dashboard/gift-cards', { ...guard, schema: { body: giftCardIssueInput } }, async (request, reply): Promise<GiftCardDetail> => {
    const body = request.body;
    if (body.expiresOn && !isValidDate(body.expiresOn))
      throw new DomainError('GIFT_CARD_INVALID', 'The expiry date is not a valid date.', { params: ['expiresOn'] });
    const card = await issueGiftCard(
      db,
      {
        amount: Math.round(Number(body.amount.replace(',', '.')) * 100),
        // Valid through the whole expiry day, in the shop's time zone.
        expiresAt: body.expiresOn ? instantAt(body.expiresOn, 24 * 60, timeZone) : null,
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail,
        staffUserId: await staffId(request),
        note: body.note,
      },
      clock(),
    );
    reply.code(201);
    const { movements } = await getGiftCard(db, card.id);
    return { ...giftCardShape(card), movements: movements.map(movementShape) };
  });
  api.get('/api/dashboard/gift-cards/:id', { ...guard, schema: { params: idParams } }, async (request, reply): Promise<GiftCardDetail> => {
    reply.header('cache-control', 'no-store');
    const { card, movements } = await getGiftCard(db, request.params.id);
    return { ...giftCardShape(card), movements: movements.map(movementShape) };
  });
  api.put('/api/dashboard/gift-cards/:id', { ...guard, schema: { params: idParams, body: disableBody } }, async (request): Promise<GiftCardDetail> => {
    await setGiftCardDisabled(db, request.params.id, request.body.disabled, await staffId(request), clock());
    const { card, movements } = await getGiftCard(db, request.params.id);
    return { ...giftCardShape(card), movements: movements.map(movementShape) };
  });

  api.post('/api/gift-cards/balance', { schema: { body: balanceBody } }, async (request, reply): Promise<GiftCardBalance> => {
    reply.header('cache-control', 'no-store');
    const card = await lookUpGiftCard(db, throttle, request.body.code, request.ip);
    return {
      code: card.code.slice(-4),
      balance: centsToDecimal(card.balance),
      expiresAt: card.expiresAt?.toISOString() ?? null,
      usable: giftCardRefusal(card, clock()) === null,
    };
  });
}
