// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Field } from '../ui/Field';
import { SubmitButton } from './SubmitButton';
import { applyServerFieldErrors, useErrorText, useZodForm } from './useZodForm';

const MESSAGES = {
  'form.required': 'Dit veld is verplicht',
  'form.busy': 'Bezig met opslaan…',
  'printer.invalid': 'Geef host:poort of een printer-ID.',
  'checkout.optional': 'optioneel',
};

const schema = z.object({ name: z.string().trim().min(1, 'form.required'), printer: z.string() });

/** A form as the screens write one; `save` decides what the "server" answers. */
function PrinterForm({ save }: { save: () => Promise<{ field: string; message: string }[]> }) {
  const errorText = useErrorText();
  const { register, handleSubmit, formState, setError } = useZodForm(schema, { defaultValues: { name: '', printer: '' } });
  const submit = handleSubmit(async () => {
    const refused = await save();
    applyServerFieldErrors(
      setError,
      refused,
      (field) => (field === 'kitchenPrinter' ? 'printer' : undefined),
      () => 'printer.invalid',
    );
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Naam" {...register('name')} error={errorText(formState.errors.name)} />
      <Field label="Printer" {...register('printer')} error={errorText(formState.errors.printer)} />
      <SubmitButton submitting={formState.isSubmitting}>Opslaan</SubmitButton>
    </form>
  );
}

const show = (save: () => Promise<{ field: string; message: string }[]>) =>
  render(
    <IntlProvider locale="nl-BE" messages={MESSAGES}>
      <PrinterForm save={save} />
    </IntlProvider>,
  );

afterEach(cleanup);

describe('forms', () => {
  it("show the schema's message, translated, at its field and focus it", async () => {
    const user = userEvent.setup();
    show(() => Promise.resolve([]));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const name = screen.getByLabelText('Naam');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Dit veld is verplicht');
    expect(document.activeElement).toBe(name);
    // Typing a value clears it (validation again on change after a submit).
    await user.type(name, 'Keuken');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('show a field the server names at that field, and nothing for a field the form does not have', async () => {
    const user = userEvent.setup();
    show(() =>
      Promise.resolve([
        { field: 'kitchenPrinter', message: 'bad' },
        { field: 'seller.unknown', message: 'bad' },
      ]),
    );
    await user.type(screen.getByLabelText('Naam'), 'Keuken');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const printer = screen.getByLabelText('Printer');
    // The server's answer is mapped after the click's promise settles: on a loaded machine that is later.
    await waitFor(() => expect(printer.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByTestId('field-error').map((e) => e.textContent)).toEqual(['Geef host:poort of een printer-ID.']);
    expect(document.activeElement).toBe(printer);
  });

  it('disable the submit button with the busy text while saving', async () => {
    const user = userEvent.setup();
    let answer: (fields: { field: string; message: string }[]) => void = () => undefined;
    show(() => new Promise((resolve) => (answer = resolve)));
    await user.type(screen.getByLabelText('Naam'), 'Keuken');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const busy = await screen.findByRole('button', { name: 'Bezig met opslaan…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer([]));
    expect((screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
