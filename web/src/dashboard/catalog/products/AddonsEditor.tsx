import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { errorAt, useErrorText } from '../../../forms/useZodForm';
import { Button, Field } from '../../../ui';
import { MediaPicker } from '../../media/MediaPicker';
import { ADDON_TYPES, PRICE_TYPES, type ProductFormInput, type ProductFormValues } from './productForm';
import { useAllergens } from './useAllergens';

type Form = UseFormReturn<ProductFormInput, unknown, ProductFormValues>;

function AddonOptions({ form, addon, addonName }: { form: Form; addon: number; addonName: string }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, control, formState } = form;
  const options = useFieldArray({ control, name: `addons.${addon}.options` });
  return (
    <>
      {options.fields.map((field, index) => (
        <fieldset key={field.id} className="admin__fieldset products__addon-option">
          <legend>{intl.formatMessage({ id: 'dashboard.product.addonOption' }, { n: index + 1, addon: addonName })}</legend>
          <div className="admin__row">
            <Field
              label={intl.formatMessage({ id: 'dashboard.product.addonOptionLabel' })}
              {...register(`addons.${addon}.options.${index}.label`)}
              error={errorText(errorAt(formState.errors, `addons.${addon}.options.${index}.label`))}
            />
            <Field
              label={intl.formatMessage({ id: 'dashboard.product.addonOptionLabelIn' }, { language: 'FR' })}
              {...register(`addons.${addon}.options.${index}.labelFr`)}
            />
            <Field
              label={intl.formatMessage({ id: 'dashboard.product.addonOptionLabelIn' }, { language: 'EN' })}
              {...register(`addons.${addon}.options.${index}.labelEn`)}
            />
            <Field
              label={intl.formatMessage({ id: 'dashboard.product.addonOptionPrice' })}
              inputMode="decimal"
              {...register(`addons.${addon}.options.${index}.price`)}
              error={errorText(errorAt(formState.errors, `addons.${addon}.options.${index}.price`))}
            />
            <Field
              as="select"
              label={intl.formatMessage({ id: 'dashboard.product.addonPriceType' })}
              {...register(`addons.${addon}.options.${index}.priceType`)}
            >
              {PRICE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {intl.formatMessage({ id: `dashboard.product.priceType.${t}` })}
                </option>
              ))}
            </Field>
          </div>
          <Controller
            control={control}
            name={`addons.${addon}.options.${index}.image`}
            render={({ field: image }) => (
              <MediaPicker
                purpose="addonOption"
                label={intl.formatMessage({ id: 'dashboard.product.addonOptionImage' })}
                value={image.value}
                onChange={image.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name={`addons.${addon}.options.${index}.allergens`}
            render={({ field: chosen }) => (
              <AllergenChecks legend={intl.formatMessage({ id: 'dashboard.product.allergens' })} value={chosen.value} onChange={chosen.onChange} />
            )}
          />
          <Button variant="ghost" size="sm" onClick={() => options.remove(index)}>
            {intl.formatMessage({ id: 'dashboard.product.addonOptionRemove' })}
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => options.append({ label: '', labelFr: '', labelEn: '', price: '', priceType: 'quantity_based', image: null, allergens: [] })}
      >
        {intl.formatMessage({ id: 'dashboard.product.addonOptionAdd' })}
      </Button>
    </>
  );
}

/** The allergens the server lists, as checkboxes (values are allergen ids). */
export function AllergenChecks({ legend, value, onChange }: { legend: string; value: number[]; onChange: (value: number[]) => void }) {
  const intl = useIntl();
  const { allergens, status, retry } = useAllergens();
  return (
    <fieldset className="admin__fieldset products__allergens" aria-busy={status === 'pending'}>
      <legend>{legend}</legend>
      {status === 'pending' && <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.product.allergensLoading' })}</p>}
      {status === 'error' && (
        <p role="alert">
          {intl.formatMessage({ id: 'dashboard.product.allergensFailed' })}{' '}
          <Button variant="ghost" onClick={retry}>
            {intl.formatMessage({ id: 'dashboard.media.retry' })}
          </Button>
        </p>
      )}
      {allergens.map((a) => (
        <label key={a.id} className="check">
          <input
            type="checkbox"
            checked={value.includes(a.id)}
            onChange={(event) => onChange(allergens.filter((x) => (x.id === a.id ? event.target.checked : value.includes(x.id))).map((x) => x.id))}
          />
          <span>{a.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The product's own add-ons: fields (one choice or several) with options, each with a price, image and allergens. */
export function AddonsEditor({ form }: { form: Form }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, control, formState, watch } = form;
  const addons = useFieldArray({ control, name: 'addons' });
  return (
    <section className="admin__section" aria-labelledby="addons-title">
      <h2 id="addons-title">{intl.formatMessage({ id: 'dashboard.product.addons' })}</h2>
      {addons.fields.map((field, index) => {
        const name = watch(`addons.${index}.name`) || intl.formatMessage({ id: 'dashboard.product.addonUnnamed' }, { n: index + 1 });
        const optionsError = errorAt(formState.errors, `addons.${index}.options`);
        return (
          <fieldset key={field.id} className="admin__fieldset products__addon">
            <legend>{name}</legend>
            <div className="admin__row">
              <Field
                label={intl.formatMessage({ id: 'dashboard.product.addonName' })}
                {...register(`addons.${index}.name`)}
                error={errorText(errorAt(formState.errors, `addons.${index}.name`))}
              />
              <Field label={intl.formatMessage({ id: 'dashboard.product.addonNameIn' }, { language: 'FR' })} {...register(`addons.${index}.nameFr`)} />
              <Field label={intl.formatMessage({ id: 'dashboard.product.addonNameIn' }, { language: 'EN' })} {...register(`addons.${index}.nameEn`)} />
              <Field as="select" label={intl.formatMessage({ id: 'dashboard.product.addonType' })} {...register(`addons.${index}.type`)}>
                {ADDON_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {intl.formatMessage({ id: `dashboard.product.addonType.${t}` })}
                  </option>
                ))}
              </Field>
              <Field as="checkbox" label={intl.formatMessage({ id: 'dashboard.product.addonRequired' })} {...register(`addons.${index}.required`)} />
            </div>
            {optionsError ? <p className="field-error">{errorText(optionsError)}</p> : null}
            <AddonOptions form={form} addon={index} addonName={name} />
            <Button variant="ghost" size="sm" onClick={() => addons.remove(index)}>
              {intl.formatMessage({ id: 'dashboard.product.addonRemove' }, { name })}
            </Button>
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => addons.append({ name: '', nameFr: '', nameEn: '', type: 'multiple_choice', required: false, options: [] })}
      >
        {intl.formatMessage({ id: 'dashboard.product.addonAdd' })}
      </Button>
    </section>
  );
}
