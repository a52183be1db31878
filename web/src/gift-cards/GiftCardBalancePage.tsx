import type { GiftCardBalance } from '@bakje/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { http, HttpError } from '../api/http';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Button, Notice, Price } from '../ui';

/**
 * /cadeaubon: a gift card's balance by its code (POST /api/gift-cards/balance, throttled per address against
 * guessing; docs/decisions/0045-coupons-gift-cards.md). The code is typed with or without dashes.
 */
export default function GiftCardBalancePage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  useDocumentTitle(t('giftCard.balanceTitle'));
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const lookUp = useMutation({ mutationFn: (value: string) => http<GiftCardBalance>('POST', '/api/gift-cards/balance', { body: { code: value } }) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    lookUp.mutate(code.trim());
  };
  const error = lookUp.error;
  const errorText =
    error instanceof HttpError
      ? error.status === 404 || error.status === 400
        ? t('giftCard.notFound')
        : error.status === 429
          ? t('giftCard.tooMany')
          : t('giftCard.lookupFailed')
      : error
        ? t('giftCard.lookupFailed')
        : null;
  const card = lookUp.data;
  return (
    <article className="container prose gift-card-balance">
      <h1>{t('giftCard.balanceTitle')}</h1>
      <p>{t('giftCard.balanceIntro')}</p>
      <form onSubmit={onSubmit} noValidate className="coupon__form">
        <label htmlFor="gift-card-code" className="coupon__label">
          {t('giftCard.code')}
        </label>
        <div className="coupon__row">
          <input
            id="gift-card-code"
            className="input"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            aria-invalid={missing || undefined}
            aria-describedby={missing ? 'gift-card-missing' : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" variant="primary" disabled={lookUp.isPending}>
            {t('giftCard.check')}
          </Button>
        </div>
        {missing ? (
          <p className="field-error" id="gift-card-missing">
            {t('giftCard.required')}
          </p>
        ) : null}
      </form>
      <div aria-live="polite">
        {errorText ? (
          <Notice tone="error" role="alert">
            {errorText}
          </Notice>
        ) : null}
        {card && !lookUp.isPending ? (
          <Notice tone={card.usable ? 'success' : 'info'}>
            <span data-testid="gift-card-balance">
              {t('giftCard.balanceOf', { code: card.code })} <Price amount={Number(card.balance)} />
            </span>
            {card.expiresAt ? <> · {t('giftCard.validUntil', { date: intl.formatDate(new Date(card.expiresAt), { dateStyle: 'long' }) })}</> : null}
            {!card.usable ? <> · {t('giftCard.notUsable')}</> : null}
          </Notice>
        ) : null}
      </div>
    </article>
  );
}
