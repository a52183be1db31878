import { useId, type InputHTMLAttributes, type ReactElement, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';

interface FieldFrame {
  label: ReactNode;
  /** Shown under the control and read with it (aria-describedby). */
  hint?: ReactNode;
  /** The field's problem, already in the visitor's language; marks the control invalid. */
  error?: string | null;
  /** Sets the control's `required`; with `marked`, the label also says so. */
  required?: boolean;
  /** A form that marks its fields: required ones get "*" (hidden from screen readers, which announce `required`), others "(optional)". */
  marked?: boolean;
  /** The control's id; stable ids let tests and focus code find it (default: a generated one). */
  id?: string;
  className?: string;
}

type InputProps = FieldFrame & { as?: 'input'; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;
type SelectProps = FieldFrame & { as: 'select'; ref?: Ref<HTMLSelectElement> } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;
type TextareaProps = FieldFrame & { as: 'textarea'; ref?: Ref<HTMLTextAreaElement> } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;
type CheckboxProps = FieldFrame & { as: 'checkbox'; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'>;
export type FieldProps = InputProps | SelectProps | TextareaProps | CheckboxProps;

/**
 * The one form field: a label, the control (input, select, textarea or checkbox), a hint and an error.
 * The hint and the error are tied to the control with aria-describedby and an error sets aria-invalid,
 * so screen readers read them with the field. Spread react-hook-form's `register(name)` onto it.
 * (Overloads, so each kind of control types its own event handlers.)
 */
export function Field(props: InputProps): ReactElement;
export function Field(props: SelectProps): ReactElement;
export function Field(props: TextareaProps): ReactElement;
export function Field(props: CheckboxProps): ReactElement;
export function Field(props: FieldProps): ReactElement {
  const intl = useIntl();
  const generated = useId();
  const { label, hint, error, required, marked, id: givenId, className, ...control } = props;
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const aria = {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  } as const;
  const messages = (
    <>
      {hint ? (
        <p className="field__hint" id={hintId!}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId!} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
  const frameClass = ['field', error ? 'has-error' : '', className ?? ''].filter(Boolean).join(' ');

  if (control.as === 'checkbox') {
    const { as: _as, ...input } = control;
    return (
      <div className={frameClass}>
        <label className="check" htmlFor={id}>
          <input type="checkbox" {...input} {...aria} />
          <span>{label}</span>
        </label>
        {messages}
      </div>
    );
  }

  let element: ReactNode;
  if (control.as === 'select') {
    const { as: _as, ...select } = control;
    element = <select className="input" {...select} {...aria} />;
  } else if (control.as === 'textarea') {
    const { as: _as, ...textarea } = control;
    element = <textarea className="input" {...textarea} {...aria} />;
  } else {
    const { as: _as, ...input } = control;
    element = <input className="input" {...input} {...aria} />;
  }
  return (
    <div className={frameClass}>
      <label htmlFor={id} className="field__label">
        {label}
        {marked && required ? <span aria-hidden="true"> *</span> : null}
        {marked && !required ? <span className="field__optional"> ({intl.formatMessage({ id: 'checkout.optional' })})</span> : null}
      </label>
      {element}
      {messages}
    </div>
  );
}
