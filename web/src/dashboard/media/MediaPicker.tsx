import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../ui';

/**
 * Stand-in until the media library (upload, browse) arrives: picks an image by its media id (from
 * POST /wp-json/wc/v3/media) and shows the current one. Same props as the library's picker.
 */
export function MediaPicker({
  value,
  onChange,
  label,
}: {
  value: { id: number; src: string } | null;
  onChange(value: { id: number; src: string } | null): void;
  label: string;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field media-picker">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="admin__row">
        {value?.src ? <img src={value.src} alt="" width={48} height={48} className="media-picker__preview" /> : null}
        <input
          id={id}
          className="input"
          inputMode="numeric"
          value={value ? String(value.id) : ''}
          placeholder={intl.formatMessage({ id: 'dashboard.media.idPlaceholder' })}
          onChange={(event) => {
            const text = event.target.value.trim();
            onChange(/^\d{1,9}$/.test(text) && Number(text) > 0 ? { id: Number(text), src: value?.id === Number(text) ? value.src : '' } : null);
          }}
        />
        {value ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            {intl.formatMessage({ id: 'dashboard.media.remove' })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
