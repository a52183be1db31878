import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useProduct } from '../api/hooks';
import type { Addon, ListProduct, ProductDetail } from '../api/types';
import { useCart } from '../cart/CartProvider';
import { useLocalMessage } from '../cart/useLocalMessage';
import type { ServerProblem } from '../api/client';
import { AddonFields, firstInvalidFieldId } from '../product/AddonFields';
import { lineTotal, maxAllowedQuantity, validateAddons, type AddonChoice, type AddonChoices } from '../product/addons';
import { variationLabel, variationLabelLang } from '../product/OrderForm';
import { usePageLang } from '../ui/OtherLanguage';
import { lowestPrice, parseRawPrices } from '../shop/filtering';
import { Button, Notice, Price, ProductImage, Spinner, useFocusTrap } from '../ui';
import { useLocale } from '../i18n/LocaleProvider';
import { layoutFor, OnScreenKeyboard } from './OnScreenKeyboard';
import { Stepper } from './Stepper';

/** Required choices first (keeping the owner's order within each group): the customer cannot miss them. */
export function requiredFirst(addons: readonly Addon[]): Addon[] {
  return [...addons.filter((a) => a.required), ...addons.filter((a) => !a.required)];
}

function SheetForm({ product, onDone }: { product: ProductDetail; onDone: () => void }) {
  const intl = useIntl();
  const pageLang = usePageLang();
  const cart = useCart();
  const local = useLocalMessage();
  const variations = useMemo(() => product.variations?.nodes ?? [], [product.variations]);
  const isVariable = product.type === 'VARIABLE' && variations.length > 0;
  const [variationId, setVariationId] = useState<number | null>(() => (variations.length === 1 ? variations[0]!.databaseId : null));
  const variation = variations.find((v) => v.databaseId === variationId) ?? null;
  const addons = useMemo(() => requiredFirst(product.addons), [product.addons]);
  const [choices, setChoices] = useState<AddonChoices>({});
  const [quantity, setQuantity] = useState(1);
  const [submitted, setSubmitted] = useState(false);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [keyboardFor, setKeyboardFor] = useState<string | null>(null);
  const { locale } = useLocale();
  const basePrice = variation ? (parseRawPrices(variation.rawPrice)[0] ?? 0) : (lowestPrice(product) ?? 0);
  const soldOut = (variation?.stockStatus ?? product.stockStatus) === 'OUT_OF_STOCK';
  const maxQty = maxAllowedQuantity(product.maxQuantity, variation?.stockQuantity ?? product.stockQuantity);
  const errors = submitted ? validateAddons(addons, choices) : {};
  const variationMissing = submitted && isVariable && !variation;
  const total = lineTotal(basePrice, addons, choices, quantity);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (adding) return;
    setSubmitted(true);
    setProblem(null);
    const invalid = isVariable && !variation ? 'kiosk-variations' : firstInvalidFieldId(addons, validateAddons(addons, choices));
    if (invalid) {
      document.getElementById(invalid)?.scrollIntoView({ block: 'center' });
      return;
    }
    setAdding(true);
    const error = await cart.add({
      productId: product.databaseId,
      quantity,
      variationId: variation?.databaseId ?? null,
      addons: addons
        .filter((a) => a.type !== 'HEADING')
        .map((a) => ({ fieldName: a.fieldName, optionIds: choices[a.fieldName]?.options ?? [], value: choices[a.fieldName]?.text ?? '' }))
        .filter((a) => a.optionIds.length > 0 || a.value.trim() !== ''),
    });
    setAdding(false);
    if (error) setProblem(error);
    else onDone();
  }

  return (
    <form className="kiosk-sheet__form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={intl.formatMessage({ id: 'product.orderForm' })}>
      <div className="kiosk-sheet__scroll">
        {isVariable ? (
          <fieldset id="kiosk-variations" className={`kiosk-choices${variationMissing ? ' has-error' : ''}`} tabIndex={-1}>
            <legend className="addon__label">
              {intl.formatMessage({ id: 'product.chooseVariation' })}
              <span aria-hidden="true"> *</span>
            </legend>
            {variations.map((v) => {
              const out = v.stockStatus === 'OUT_OF_STOCK';
              return (
                <label key={v.databaseId} className={`kiosk-choice${v.databaseId === variationId ? ' is-selected' : ''}`}>
                  <input
                    type="radio"
                    name="variation"
                    value={v.databaseId}
                    checked={v.databaseId === variationId}
                    disabled={out}
                    onChange={() => setVariationId(v.databaseId)}
                  />
                  <span lang={variationLabelLang(v, pageLang)}>{variationLabel(v)}</span>
                  <span className="kiosk-choice__price">
                    {out ? intl.formatMessage({ id: 'product.soldOut' }) : <Price amount={parseRawPrices(v.rawPrice)[0] ?? 0} size="sm" />}
                  </span>
                </label>
              );
            })}
            {variationMissing ? (
              <p className="field-error" data-testid="field-error">
                {intl.formatMessage({ id: 'form.required' })}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <AddonFields
          addons={addons}
          choices={choices}
          errors={errors}
          basePrice={basePrice}
          onChange={(field: string, choice: AddonChoice) => setChoices((prev) => ({ ...prev, [field]: choice }))}
          notes={false}
          textKeyboard={{
            open: keyboardFor,
            onOpen: setKeyboardFor,
            render: (addon, text, setText, done) => (
              <OnScreenKeyboard value={text} onChange={setText} maxLength={addon.maxLength} layout={layoutFor(locale)} label={addon.name} onDone={done} />
            ),
          }}
        />
      </div>
      {problem ? (
        <Notice tone="error" role="alert">
          {local(problem)}
        </Notice>
      ) : submitted && (variationMissing || Object.keys(errors).length > 0) ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'form.fixErrors' })}
        </Notice>
      ) : null}
      <div className="kiosk-sheet__foot">
        <Stepper value={quantity} min={1} max={maxQty} onChange={setQuantity} label={intl.formatMessage({ id: 'product.quantity' })} />
        <Button type="submit" size="lg" disabled={soldOut} busy={adding} data-testid="kiosk-add">
          {soldOut ? intl.formatMessage({ id: 'product.soldOut' }) : intl.formatMessage({ id: 'kiosk.addToOrder' })} <Price amount={total.totalCents / 100} />
        </Button>
      </div>
    </form>
  );
}

/** The product sheet: opens at once with what the menu knows, then the add-ons; closes when the line is added. */
export function ProductSheet({ product, onClose }: { product: ListProduct; onClose: () => void }) {
  const intl = useIntl();
  const detail = useProduct(product.slug);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onClose);
  return (
    <div className="kiosk-dialog kiosk-dialog--sheet" data-testid="kiosk-product-sheet">
      <div className="kiosk-dialog__overlay" aria-hidden="true" onClick={onClose} />
      <div ref={panel} className="kiosk-dialog__panel kiosk-sheet" role="dialog" aria-modal="true" aria-labelledby="kiosk-sheet-title" tabIndex={-1}>
        <div className="kiosk-sheet__head">
          <ProductImage src={product.image?.productCardUrl || product.image?.sourceUrl || null} alt="" width={160} height={120} className="kiosk-sheet__img" />
          <h2 id="kiosk-sheet-title" className="kiosk-dialog__title">
            {product.name}
          </h2>
          <Button variant="secondary" size="lg" onClick={onClose} data-testid="kiosk-sheet-close">
            {intl.formatMessage({ id: 'common.close' })}
          </Button>
        </div>
        {detail.data ? (
          <SheetForm product={detail.data} onDone={onClose} />
        ) : detail.isError || detail.data === null ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'kiosk.productUnavailable' })}
          </Notice>
        ) : (
          <div className="kiosk-sheet__loading">
            <Spinner label={intl.formatMessage({ id: 'kiosk.loading' })} />
          </div>
        )}
      </div>
    </div>
  );
}
