import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../ui';

const TAGS = { bold: ['<strong>', '</strong>'], italic: ['<em>', '</em>'], list: ['<ul>\n<li>', '</li>\n</ul>'], paragraph: ['<p>', '</p>'] } as const;

/**
 * A description in simple HTML: a textarea with buttons that wrap the selection in bold, italic, a list or a
 * paragraph (keeps the dashboard light; the server sanitizes what is saved with the rich-text allow-list).
 */
export function RichTextField({
  label,
  value,
  onChange,
  onBlur,
  rows = 5,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  rows?: number;
  error?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const wrap = (kind: keyof typeof TAGS) => {
    const el = area.current;
    if (!el) return;
    const [open, close] = TAGS[kind];
    const { selectionStart: start, selectionEnd: end } = el;
    const next = `${value.slice(0, start)}${open}${value.slice(start, end)}${close}${value.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + open.length, end + open.length);
    });
  };
  return (
    <div className={`field rich-text${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="rich-text__tools" role="toolbar" aria-label={intl.formatMessage({ id: 'dashboard.product.formatting' }, { label })} aria-controls={id}>
        {(Object.keys(TAGS) as (keyof typeof TAGS)[]).map((kind) => (
          <Button key={kind} variant="ghost" size="sm" onClick={() => wrap(kind)}>
            {intl.formatMessage({ id: `dashboard.product.format.${kind}` })}
          </Button>
        ))}
      </div>
      <textarea
        ref={area}
        id={id}
        className="input"
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        onKeyDown={(event) => {
          if (!(event.ctrlKey || event.metaKey)) return;
          if (event.key === 'b') {
            event.preventDefault();
            wrap('bold');
          } else if (event.key === 'i') {
            event.preventDefault();
            wrap('italic');
          }
        }}
      />
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
