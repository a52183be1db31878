import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button, Field } from '../../ui';

export interface MediaValue {
  id: number;
  src: string;
}

/**
 * Picks one image. This simple version takes an image address (id 0: the store REST API fetches it by `src`);
 * the media library's picker (upload, choose from the library) keeps this interface.
 */
export function MediaPicker({ value, onChange, label }: { value: MediaValue | null; onChange: (value: MediaValue | null) => void; label: string }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="media-picker">
      {value?.src ? <img className="media-picker__thumb" src={value.src} alt="" width={64} height={64} /> : null}
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
        <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={intl.formatMessage({ id: 'dashboard.media.remove' }, { label })}>
          {intl.formatMessage({ id: 'dashboard.media.removeShort' })}
        </Button>
      ) : null}
    </div>
  );
}
