import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { errorAt, useErrorText } from '../../../forms/useZodForm';
import { Button, Field, Notice } from '../../../ui';
import { combineVariations, MAX_VARIATIONS, STOCK_STATUSES, type ProductFormInput, type ProductFormValues } from './productForm';

type Form = UseFormReturn<ProductFormInput, unknown, ProductFormValues>;

/**
 * A variable product's attributes (e.g. "Maat": "Klein, Groot") and its variations: one per combination of
 * options (at most 100), each with its own price, sale price and stock.
 */
export function VariationsEditor({ form }: { form: Form }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, control, getValues, setValue, formState } = form;
  const attributes = useFieldArray({ control, name: 'attributes' });
  const variations = useWatch({ control, name: 'variations' });
  const errors = formState.errors;

  const generate = () => {
    const values = getValues();
    setValue('variations', combineVariations(values.attributes, values.variations as ProductFormValues['variations'], values.regularPrice), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };

  return (
    <section className="admin__section" aria-labelledby="variations-title">
      <h2 id="variations-title">{intl.formatMessage({ id: 'dashboard.product.variations' })}</h2>
      <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.product.variationsHint' }, { max: MAX_VARIATIONS })}</p>
      {errors.attributes?.message ? (
        <Notice tone="error" role="alert">
          {errorText(errors.attributes as never)}
        </Notice>
      ) : null}
      {attributes.fields.map((field, index) => (
        <div key={field.id} className="admin__row products__attribute">
          <Field
            label={intl.formatMessage({ id: 'dashboard.product.attributeName' }, { n: index + 1 })}
            {...register(`attributes.${index}.name`)}
            error={errorText(errorAt(errors, `attributes.${index}.name`))}
          />
          <Field
            label={intl.formatMessage({ id: 'dashboard.product.attributeOptions' }, { n: index + 1 })}
            hint={intl.formatMessage({ id: 'dashboard.product.attributeOptionsHint' })}
            {...register(`attributes.${index}.options`)}
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => attributes.remove(index)}
            aria-label={intl.formatMessage({ id: 'dashboard.product.attributeRemove' }, { n: index + 1 })}
          >
            {intl.formatMessage({ id: 'dashboard.product.remove' })}
          </Button>
        </div>
      ))}
      <div className="products__buttons">
        <Button variant="secondary" size="sm" onClick={() => attributes.append({ name: '', options: '' })}>
          {intl.formatMessage({ id: 'dashboard.product.attributeAdd' })}
        </Button>
        <Button variant="secondary" size="sm" onClick={generate}>
          {intl.formatMessage({ id: 'dashboard.product.variationsGenerate' })}
        </Button>
      </div>
      {errors.variations?.message ? (
        <Notice tone="error" role="alert">
          {errorText(errors.variations as never)}
        </Notice>
      ) : null}
      {variations.length ? (
        <ul className="products__variations">
          {variations.map((variation, index) => {
            const title = Object.values(variation.options).join(' · ');
            return (
              <li key={variation.id ?? `new-${title}`} className="products__variation">
                <fieldset className="admin__fieldset">
                  <legend>{title}</legend>
                  <div className="admin__row">
                    <Field
                      label={intl.formatMessage({ id: 'dashboard.product.variationPrice' }, { name: title })}
                      inputMode="decimal"
                      {...register(`variations.${index}.regularPrice`)}
                      error={errorText(errorAt(errors, `variations.${index}.regularPrice`))}
                    />
                    <Field
                      label={intl.formatMessage({ id: 'dashboard.product.variationSale' }, { name: title })}
                      inputMode="decimal"
                      {...register(`variations.${index}.salePrice`)}
                      error={errorText(errorAt(errors, `variations.${index}.salePrice`))}
                    />
                    <Field
                      as="select"
                      label={intl.formatMessage({ id: 'dashboard.product.variationStock' }, { name: title })}
                      {...register(`variations.${index}.stockStatus`)}
                    >
                      {STOCK_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {intl.formatMessage({ id: `dashboard.products.badge.${s}` })}
                        </option>
                      ))}
                    </Field>
                    <Field
                      label={intl.formatMessage({ id: 'dashboard.product.variationQuantity' }, { name: title })}
                      inputMode="numeric"
                      {...register(`variations.${index}.stockQuantity`)}
                      error={errorText(errorAt(errors, `variations.${index}.stockQuantity`))}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      setValue(
                        'variations',
                        getValues('variations').filter((_, i) => i !== index),
                        { shouldDirty: true },
                      )
                    }
                    aria-label={intl.formatMessage({ id: 'dashboard.product.variationRemove' }, { name: title })}
                  >
                    {intl.formatMessage({ id: 'dashboard.product.remove' })}
                  </Button>
                </fieldset>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.product.variationsNone' })}</p>
      )}
    </section>
  );
}
