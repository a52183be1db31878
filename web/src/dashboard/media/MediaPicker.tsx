import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button, Field } from '../../ui';

export interface PickedImage {
  id: number;
  src: string;
}
type MediaValue = PickedImage;

/**
 * Picks one image. This simple version takes an image address (id 0: the store REST API fetches it by `src`);
 * the media library's picker (upload, choose from the library) keeps this interface.
 */
export function MediaPicker({ value, onChange, label }: { value: MediaValue | null; onChange: (value: MediaValue | null) => void; label: string }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="media-url-picker">
      {value?.src ? <img className="media-url-picker__thumb" src={value.src} alt="" width={64} height={64} /> : null}
      <Field
        id={id}
        label={label}
        type="url"
        inputMode="url"
        value={value?.src ?? ''}
        placeholder="https://…"
        onChange={(event) => {
          const src = event.target.value.trim();
          onChange(src ? { id: value && value.src === src ? value.id : 0, src } : null);
        }}
      />
      {value ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={intl.formatMessage({ id: 'dashboard.product.imageRemove' }, { label })}>
          {intl.formatMessage({ id: 'dashboard.product.imageRemoveShort' })}
        </Button>
      ) : null}
    </div>
  );
}

/** Several images (a product's gallery), each picked as with `MediaPicker`; at most `max`. Same interface as the media library's. */
export function MediaGalleryPicker({
  value,
  onChange,
  label,
  max = 20,
}: {
  value: PickedImage[];
  onChange: (value: PickedImage[]) => void;
  label: string;
  max?: number;
}) {
  const intl = useIntl();
  return (
    <fieldset className="admin__fieldset">
      <legend>{label}</legend>
      {value.map((image, index) => (
        <MediaPicker
          key={index}
          label={intl.formatMessage({ id: 'dashboard.product.galleryImage' }, { n: index + 1 })}
          value={image}
          onChange={(next) => onChange(next ? value.map((v, i) => (i === index ? next : v)) : value.filter((_, i) => i !== index))}
        />
      ))}
      {value.length < max ? (
        <Button variant="secondary" size="sm" onClick={() => onChange([...value, { id: 0, src: '' }])}>
          {intl.formatMessage({ id: 'dashboard.product.galleryAdd' })}
        </Button>
      ) : null}
    </fieldset>
  );
}
