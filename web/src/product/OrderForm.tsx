import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ServerProblem } from '../api/client';
import type { ProductDetail, Variation } from '../api/types';
import { useCart } from '../cart/CartProvider';
import { useLocalMessage } from '../cart/useLocalMessage';
import { parseRawPrices } from '../shop/filtering';
import { Button, Notice, Price, QuantityStepper } from '../ui';
import { firstOtherLang, InLanguage, usePageLang } from '../ui/OtherLanguage';
import { AddonFields, firstInvalidFieldId } from './AddonFields';
import { lineTotal, validateAddons, type AddonChoice, type AddonChoices, type AddonErrors } from './addons';

export function variationLabel(v: Variation): string {
  const parts = v.attributes.nodes.map((a) => a.label || a.value).filter(Boolean);
  return parts.length ? parts.join(' / ') : v.name;
}

/**
 * The language `variationLabel` is shown in when it is not the page's (an attribute's term or the variation's
 * name without a translation), else undefined. Several attributes: the first one that is not in the page's.
 */
export function variationLabelLang(v: Variation, pageLang: string): string | undefined {
  const parts = v.attributes.nodes.filter((a) => a.label || a.value);
  return firstOtherLang(parts.length ? parts.map((a) => a.labelLang) : [v.nameLang], pageLang);
}

/**
 * The product's order form: the variation (its choice is the page's, as it changes price, stock and
 * image), the add-ons, the quantity, the line total and "add to cart".
 */
export function OrderForm({
  product,
  variations,
  variation,
  onVariation,
  basePrice,
  soldOut,
  maxQty,
}: {
  product: ProductDetail;
  variations: Variation[];
  variation: Variation | null;
  onVariation: (id: number) => void;
  basePrice: number;
  soldOut: boolean;
  maxQty: number;
}) {
  const intl = useIntl();
  const pageLang = usePageLang();
  const isVariable = product.type === 'VARIABLE' && variations.length > 0;
  const variationId = variation?.databaseId ?? null;
  const [choices, setChoices] = useState<AddonChoices>({});
  const [quantity, setQuantity] = useState(1);
  const [maxReached, setMaxReached] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<ServerProblem | null>(null);
  const cart = useCart();
  const local = useLocalMessage();
  const total = lineTotal(basePrice, product.addons, choices, quantity);

  const errors: AddonErrors = submitted ? validateAddons(product.addons, choices) : {};
  const variationError = submitted && isVariable && !variation;

  function setChoice(field: string, choice: AddonChoice) {
    setChoices((prev) => ({ ...prev, [field]: choice }));
    setDone(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (adding) return;
    setSubmitted(true);
    setAddError(null);
    const found = validateAddons(product.addons, choices);
    const invalidId = isVariable && !variation ? 'variation-picker' : firstInvalidFieldId(product.addons, found);
    if (invalidId) {
      setDone(false);
      requestAnimationFrame(() => {
        const el = document.getElementById(invalidId);
        const target = el instanceof HTMLFieldSetElement ? el.querySelector<HTMLElement>('input, select') : el;
        (target ?? el)?.focus();
      });
      return;
    }
    setAdding(true);
    const error = await cart.add({
      productId: product.databaseId,
      quantity,
      variationId: variation?.databaseId ?? null,
      addons: product.addons
        .filter((a) => a.type !== 'HEADING')
        .map((a) => ({ fieldName: a.fieldName, optionIds: choices[a.fieldName]?.options ?? [], value: choices[a.fieldName]?.text ?? '' }))
        .filter((a) => a.optionIds.length > 0 || a.value.trim() !== ''),
    });
    setAdding(false);
    if (error) {
      setAddError(error);
      setDone(false);
      return;
    }
    setDone(true);
  }

  return (
    <form className="order-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={intl.formatMessage({ id: 'product.orderForm' })}>
      {isVariable ? (
        <fieldset
          id="variation-picker"
          className={`addon addon--radio variations${variationError ? ' has-error' : ''}`}
          aria-describedby={variationError ? 'variation-error' : undefined}
          tabIndex={-1}
        >
          <legend className="addon__label">
            {intl.formatMessage({ id: 'product.chooseVariation' })}
            <span aria-hidden="true"> *</span>
          </legend>
          <div className="variations__options">
            {variations.map((v) => {
              const price = parseRawPrices(v.rawPrice)[0];
              const out = v.stockStatus === 'OUT_OF_STOCK';
              return (
                <label key={v.databaseId} className={`variation${v.databaseId === variationId ? ' is-selected' : ''}${out ? ' is-disabled' : ''}`}>
                  <input
                    type="radio"
                    name="variation"
                    value={v.databaseId}
                    checked={v.databaseId === variationId}
                    disabled={out}
                    onChange={() => {
                      onVariation(v.databaseId);
                      setDone(false);
                    }}
                  />
                  <span className="variation__name">
                    <InLanguage lang={variationLabelLang(v, pageLang)}>{variationLabel(v)}</InLanguage>
                  </span>
                  <span className="variation__price">
                    {out ? (
                      intl.formatMessage({ id: 'product.soldOut' })
                    ) : (
                      <Price amount={price} regular={v.onSale ? (parseRawPrices(v.regularPrice)[0] ?? null) : null} size="sm" />
                    )}
                  </span>
                </label>
              );
            })}
          </div>
          {variationError ? (
            <p className="field-error" id="variation-error" data-testid="field-error">
              {intl.formatMessage({ id: 'form.required' })}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <AddonFields addons={product.addons} choices={choices} errors={errors} basePrice={basePrice} onChange={setChoice} />

      <div className="order-form__qty">
        <QuantityStepper
          value={quantity}
          min={1}
          max={maxQty}
          disabled={soldOut}
          onChange={(q) => {
            setQuantity(q);
            if (q < maxQty) setMaxReached(false);
            setDone(false);
          }}
          onMaxReached={() => setMaxReached(true)}
        />
        {maxReached ? (
          <p className="field-error" role="alert" data-testid="max-quantity">
            {intl.formatMessage({ id: 'product.maxQuantity' })}
          </p>
        ) : null}
      </div>

      <p className="order-form__total" aria-live="polite">
        <span>{intl.formatMessage({ id: 'product.total' })}</span>{' '}
        <strong data-testid="line-total">
          <Price amount={total.totalCents / 100} size="lg" />
        </strong>
      </p>

      {submitted && (Object.keys(errors).length > 0 || variationError) ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'form.fixErrors' })}
        </Notice>
      ) : null}
      {addError ? (
        <Notice tone="error" role="alert">
          <span data-testid="add-error">{local(addError)}</span>
        </Notice>
      ) : null}
      {done ? (
        <Notice tone="success">
          <span data-testid="added">{intl.formatMessage({ id: 'cart.added' }, { name: product.name })}</span>{' '}
          <Button variant="secondary" size="sm" onClick={cart.openPanel}>
            {intl.formatMessage({ id: 'cart.view' })}
          </Button>
        </Notice>
      ) : null}

      <Button type="submit" size="lg" block disabled={soldOut} busy={adding} data-testid="add-to-cart">
        {soldOut ? intl.formatMessage({ id: 'product.soldOut' }) : intl.formatMessage({ id: 'product.addToCart' })}
      </Button>
    </form>
  );
}
