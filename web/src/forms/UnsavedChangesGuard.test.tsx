// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from './UnsavedChangesGuard';

const MESSAGES = {
  'form.leaveTitle': 'Leave without saving?',
  'form.leaveConfirm': 'Leave without saving',
  'form.leaveBody': 'Your changes on this page will be lost.',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
};

function EditPage() {
  const [value, setValue] = useState('');
  const blocker = useUnsavedChangesGuard(value !== '');
  return (
    <>
      <label>
        Name <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/edit?tab=other">Other tab</Link>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}

function show() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <IntlProvider locale="en-US" messages={MESSAGES}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  return router;
}

afterEach(cleanup);

describe('the unsaved-changes guard', () => {
  it('lets a clean page go without asking', async () => {
    const router = show();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before leaving a dirty page or switching its tab: stay keeps the typing, leave goes', async () => {
    const user = userEvent.setup();
    const router = show();
    await user.type(screen.getByLabelText('Name'), 'Frieten');
    await user.click(screen.getByRole('link', { name: 'Other tab' }));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Frieten');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('asks the browser before closing the tab while dirty', async () => {
    show();
    await userEvent.setup().type(screen.getByLabelText('Name'), 'x');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
