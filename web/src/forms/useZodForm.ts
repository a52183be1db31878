import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm, type FieldError, type FieldErrors, type FieldValues, type Path, type UseFormProps, type UseFormSetError } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { config, type z } from 'zod';
import type { FieldProblem } from '../api/http';

// zod compiles object schemas with `new Function` when it may; the shop's Content-Security-Policy forbids
// eval (docs/security.md), and even zod's probe for it is reported as a violation. Parse without it.
config({ jitless: true });

/**
 * The one way to hold a form: react-hook-form with a zod schema. Schema messages are message ids
 * (e.g. `form.required`), so one schema serves the three languages; `useErrorText` translates them.
 * The first field with an error gets focus on submit (react-hook-form's shouldFocusError).
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ ...options, resolver: zodResolver(schema) });
}

/** A field error's text in the visitor's language: its message is a message id (or already a text). */
export function useErrorText() {
  const intl = useIntl();
  return useCallback(
    (error: FieldError | undefined): string | undefined => {
      if (!error?.message) return error ? intl.formatMessage({ id: 'form.invalid' }) : undefined;
      return intl.messages[error.message] !== undefined ? intl.formatMessage({ id: error.message }) : error.message;
    },
    [intl],
  );
}

/** The error of a (possibly nested) field, for `useErrorText`. */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, name: Path<T>): FieldError | undefined {
  let node: unknown = errors;
  for (const key of name.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node && typeof node === 'object' && 'type' in node ? (node as FieldError) : undefined;
}

/**
 * Shows the fields a refused request names at those fields. `fieldOf` maps the server's field path to
 * the form's field (or undefined to leave it to the form-level message); `messageOf` gives the message id.
 * Returns how many fields got an error; the first one gets focus.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  problems: FieldProblem[],
  fieldOf: (serverField: string) => Path<T> | undefined,
  messageOf: (field: Path<T>, problem: FieldProblem) => string,
): number {
  let shown = 0;
  for (const problem of problems) {
    const field = fieldOf(problem.field);
    if (!field) continue;
    setError(field, { type: 'server', message: messageOf(field, problem) }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown;
}
