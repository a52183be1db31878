import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '@bakje/contract/money';
import type { Addon } from '../api/types';
import { Price, ProductImage } from '../ui';
import { InLanguage, otherLang, useLanguageName, usePageLang } from '../ui/OtherLanguage';
import { choiceFor, optionDisplayPrice, type AddonChoice, type AddonChoices, type AddonErrors } from './addons';

/** " (en néerlandais)" for a text in `lang` on this page, '' for one in the page's language: for plain-text places (a select's option). */
function useLanguageNote(): (lang: string | null | undefined) => string {
  const intl = useIntl();
  const page = usePageLang();
  const languageName = useLanguageName();
  return (lang) => {
    const other = otherLang(lang, page);
    return other ? ` ${intl.formatMessage({ id: 'i18n.inLanguage' }, { language: languageName(other) })}` : '';
  };
}

function fieldDomId(addon: Addon) {
  return `addon-${addon.databaseId}`;
}

export function firstInvalidFieldId(addons: readonly Addon[], errors: AddonErrors): string | null {
  const addon = addons.find((a) => errors[a.fieldName]);
  return addon ? fieldDomId(addon) : null;
}

function FieldError({ id, error, maxLength }: { id: string; error: AddonErrors[string] | undefined; maxLength?: number | null }) {
  const intl = useIntl();
  if (!error) return null;
  return (
    <p className="field-error" id={id} data-testid="field-error">
      {error === 'required' ? intl.formatMessage({ id: 'form.required' }) : intl.formatMessage({ id: 'form.tooLong' }, { max: maxLength ?? 0 })}
    </p>
  );
}

function RequiredMark() {
  const intl = useIntl();
  return (
    <span className="required-mark">
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> ({intl.formatMessage({ id: 'form.requiredHint' })})</span>
    </span>
  );
}

/**
 * An on-screen keyboard for short-text add-ons (the kiosk has no physical keyboard): the text field opens it
 * when touched and the device's own keyboard stays away (`inputMode="none"`).
 */
export interface TextKeyboard {
  /** The field name whose keyboard is showing, if any. */
  open: string | null;
  /** A field name opens its keyboard; null closes it. */
  onOpen: (fieldName: string | null) => void;
  /** `done` closes the keyboard and puts the focus back on the text field. */
  render: (addon: Addon, text: string, setText: (text: string) => void, done: () => void) => ReactNode;
}

/** One add-on field: multiple choice (radio or select), checkboxes, a heading, or short text. */
function AddonField({
  addon,
  choice,
  error,
  basePrice,
  onChange,
  textKeyboard,
  notes,
}: {
  addon: Addon;
  choice: AddonChoice;
  error: AddonErrors[string] | undefined;
  basePrice: number;
  onChange: (choice: AddonChoice) => void;
  textKeyboard?: TextKeyboard;
  notes: boolean;
}) {
  const intl = useIntl();
  const pageLang = usePageLang();
  const languageNote = useLanguageNote();
  const id = fieldDomId(addon);
  // A text without a translation in the page's language: marked with `lang`, and said after it unless `notes` is off.
  const name = (
    <InLanguage lang={addon.nameLang} note={notes}>
      {addon.name}
    </InLanguage>
  );
  const errorId = `${id}-error`;
  const describedBy = [addon.description ? `${id}-desc` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const description = addon.description ? (
    <p className="addon__desc" id={`${id}-desc`}>
      <InLanguage lang={addon.descriptionLang} note={notes}>
        {addon.description}
      </InLanguage>
    </p>
  ) : null;
  const optionLabel = (label: string, lang: string, price: number | null) => (
    <>
      <span className="addon__option-label">
        <InLanguage lang={lang} note={notes}>
          {label}
        </InLanguage>
      </span>
      {price ? (
        <span className="addon__option-price">
          {' '}
          (<Price amount={price} signed size="sm" />)
        </span>
      ) : null}
    </>
  );

  if (addon.type === 'HEADING') {
    return (
      <div className="addon addon--heading">
        <h3 className="addon__heading">{name}</h3>
        {description}
      </div>
    );
  }

  if (addon.type === 'CUSTOM_TEXT') {
    const price = optionDisplayPrice({ price: addon.price, priceType: addon.priceType }, basePrice);
    return (
      <div className={`addon addon--text${error ? ' has-error' : ''}`}>
        <label htmlFor={id} className="addon__label">
          {name}
          {price ? (
            <>
              {' '}
              (<Price amount={price} signed size="sm" />)
            </>
          ) : null}
          {addon.required ? <RequiredMark /> : null}
        </label>
        {description}
        <input
          id={id}
          className="input"
          type="text"
          name={addon.fieldName}
          maxLength={addon.maxLength ?? undefined}
          value={choice.text}
          aria-invalid={error ? true : undefined}
          aria-required={addon.required || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ ...choice, text: e.target.value })}
          inputMode={textKeyboard ? 'none' : undefined}
          onClick={textKeyboard ? () => textKeyboard.onOpen(addon.fieldName) : undefined}
        />
        {textKeyboard && textKeyboard.open === addon.fieldName
          ? textKeyboard.render(
              addon,
              choice.text,
              (text) => onChange({ ...choice, text }),
              () => {
                textKeyboard.onOpen(null);
                document.getElementById(id)?.focus();
              },
            )
          : null}
        {addon.maxLength ? (
          <p className="addon__counter" aria-live="off">
            {intl.formatMessage({ id: 'form.charsLeft' }, { count: Math.max(0, addon.maxLength - choice.text.length) })}
          </p>
        ) : null}
        <FieldError id={errorId} error={error} maxLength={addon.maxLength} />
      </div>
    );
  }

  if (addon.type === 'MULTIPLE_CHOICE' && addon.display === 'select') {
    return (
      <div className={`addon addon--select${error ? ' has-error' : ''}`}>
        <label htmlFor={id} className="addon__label">
          {name}
          {addon.required ? <RequiredMark /> : null}
        </label>
        {description}
        <select
          id={id}
          className="input"
          name={addon.fieldName}
          value={choice.options[0] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-required={addon.required || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ ...choice, options: e.target.value ? [Number(e.target.value)] : [] })}
        >
          <option value="">{intl.formatMessage({ id: 'form.choose' })}</option>
          {addon.options.map((o) => {
            const price = optionDisplayPrice(o, basePrice);
            return (
              <option
                key={o.databaseId}
                value={o.databaseId}
                disabled={o.soldOut && !choice.options.includes(o.databaseId)}
                data-soldout={o.soldOut || undefined}
                // An option holds plain text only: the note when notes are on, else the label's language.
                lang={notes ? undefined : otherLang(o.labelLang, pageLang)}
              >
                {o.label}
                {notes ? languageNote(o.labelLang) : ''}
                {price ? ` (${formatMoney(price, intl.locale, { signed: true })})` : ''}
                {o.soldOut ? ` (${intl.formatMessage({ id: 'product.soldOut' })})` : ''}
              </option>
            );
          })}
        </select>
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  const multiple = addon.type === 'CHECKBOX';
  return (
    <fieldset id={id} className={`addon addon--${multiple ? 'checkbox' : 'radio'}${error ? ' has-error' : ''}`} aria-describedby={describedBy} tabIndex={-1}>
      <legend className="addon__label">
        {name}
        {addon.required ? <RequiredMark /> : null}
      </legend>
      {description}
      <div className="addon__options">
        {addon.options.map((o) => {
          const checked = choice.options.includes(o.databaseId);
          return (
            <label key={o.databaseId} className={`check addon__option${o.soldOut ? ' is-soldout' : ''}`} data-soldout={o.soldOut || undefined}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={addon.fieldName}
                value={o.databaseId}
                checked={checked}
                // Sold out today: not offered; one chosen before it sold out can still be unticked.
                disabled={o.soldOut && !checked}
                required={!multiple && addon.required ? true : undefined}
                aria-invalid={error ? true : undefined}
                onChange={() => {
                  if (multiple) {
                    onChange({ ...choice, options: checked ? choice.options.filter((x) => x !== o.databaseId) : [...choice.options, o.databaseId] });
                  } else {
                    onChange({ ...choice, options: [o.databaseId] });
                  }
                }}
              />
              {o.image ? <ProductImage className="addon__option-img" src={o.image} alt="" width={32} height={32} sizes="32px" /> : null}
              {optionLabel(o.label, o.labelLang, optionDisplayPrice(o, basePrice))}
              {o.soldOut ? <span className="addon__soldout"> {intl.formatMessage({ id: 'product.soldOut' })}</span> : null}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

export function AddonFields({
  addons,
  choices,
  errors,
  basePrice,
  onChange,
  textKeyboard,
  notes = true,
}: {
  addons: Addon[];
  choices: AddonChoices;
  errors: AddonErrors;
  basePrice: number;
  onChange: (field: string, choice: AddonChoice) => void;
  textKeyboard?: TextKeyboard;
  /**
   * Say "(en néerlandais)" after a name, description or option shown in another language for lack of a
   * translation (the shop's product page); off on the kiosk, which marks them with `lang` only.
   */
  notes?: boolean;
}) {
  if (addons.length === 0) return null;
  return (
    <div className="addons">
      {addons.map((addon) => (
        <AddonField
          key={addon.databaseId}
          addon={addon}
          choice={choiceFor(choices, addon.fieldName)}
          error={errors[addon.fieldName]}
          basePrice={basePrice}
          onChange={(c) => onChange(addon.fieldName, c)}
          textKeyboard={textKeyboard}
          notes={notes}
        />
      ))}
    </div>
  );
}
