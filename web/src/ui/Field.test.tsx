// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './Field';

const wrap = (ui: React.ReactNode) =>
  render(
    <IntlProvider locale="en-US" messages={{ 'checkout.optional': 'optional' }}>
      {ui}
    </IntlProvider>,
  );

afterEach(cleanup);

describe('Field', () => {
  it('labels an input and ties the hint and the error to it', () => {
    wrap(<Field label="E-mail" hint="For the receipt" error="Not a valid e-mail address." name="email" type="email" />);
    const input = screen.getByLabelText('E-mail');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Not a valid e-mail address.', 'For the receipt']);
  });

  it('is valid and describes only the hint without an error', () => {
    wrap(<Field label="Note" hint="For the kitchen" />);
    const input = screen.getByLabelText('Note');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('For the kitchen');
    expect(screen.queryByTestId('field-error')).toBeNull();
  });

  it('renders a select, a textarea and a checkbox with the same wiring', () => {
    wrap(
      <>
        <Field as="select" label="Role" error="Pick one" defaultValue="b">
          <option value="a">A</option>
          <option value="b">B</option>
        </Field>
        <Field as="textarea" label="Address" rows={4} />
        <Field as="checkbox" label="Remember me" error="Needed" defaultChecked />
      </>,
    );
    const select = screen.getByLabelText('Role') as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('b');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe('Pick one');
    expect(screen.getByLabelText('Address').tagName).toBe('TEXTAREA');
    const box = screen.getByLabelText('Remember me') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('marks required and optional fields only in a form that marks them, and keeps a given id', () => {
    wrap(
      <>
        <Field label="First name" required marked id="billing-firstName" />
        <Field label="E-mail" marked />
        <Field label="Password" required />
      </>,
    );
    const first = screen.getByLabelText(/First name/) as HTMLInputElement;
    expect(first.id).toBe('billing-firstName');
    expect(first.hasAttribute('required')).toBe(true);
    expect(first.labels?.[0]?.textContent).toBe('First name *');
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).labels?.[0]?.textContent).toBe('E-mail (optional)');
    expect((screen.getByLabelText('Password') as HTMLInputElement).labels?.[0]?.textContent).toBe('Password');
  });
});
