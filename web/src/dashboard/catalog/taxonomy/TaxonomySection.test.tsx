// @vitest-environment jsdom
import type { WcTag } from '@bakje/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/messages/en-US.json';
import staffEn from '../../../i18n/messages/staff/en-US.json';
import { ToastProvider } from '../../../ui';
import { TaxonomySection, type TaxonomyConfig } from './TaxonomySection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tag = (id: number, name: string, slug: string): WcTag => ({ id, name, translations: { fr: '', en: '' }, slug, description: '', count: 0 });
const TAGS = [tag(1, 'Spicy', 'spicy'), tag(2, 'Vegan', 'vegan')];

const config = (overrides: Partial<TaxonomyConfig<WcTag>> = {}): TaxonomyConfig<WcTag> => ({
  id: 'tags-title',
  title: 'All tags',
  queryKey: ['test', 'tags'],
  load: () => Promise.resolve(TAGS),
  collection: '/wp-json/wc/v3/products/tags',
  searchIn: (t) => [t.slug],
  columns: [{ id: 'name', header: 'Name', rowHeader: true, cell: (t) => t.name }],
  empty: 'No tags yet.',
  add: { label: 'Add tag' },
  editor: { title: (t) => (t ? 'Edit tag' : 'Add tag'), extraLabel: 'Slug', extraOf: (t) => t.slug, extraBody: (slug) => (slug ? { slug } : {}) },
  remove: { titleId: 'dashboard.tags.deleteTitle', bodyId: 'dashboard.tags.deleteBody', doneId: 'dashboard.catalog.deletedNamed', allowed: (t) => t.id !== 2 },
  ...overrides,
});

/** One taxonomy section as a dashboard page shows it; `fetch` answers the writes with the body it was sent. */
function show(taxonomy: TaxonomyConfig<WcTag>) {
  const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({ id: 3, slug: 'new', ...JSON.parse(String(init?.body ?? '{}')) }), { status: 201 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/', element: <TaxonomySection config={taxonomy} lang="en" /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IntlProvider locale="en-US" messages={{ ...en, ...staffEn }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the taxonomy section every taxonomy screen is made of', () => {
  it('lists the rows in a labelled section, searches names and slugs, and offers delete only where allowed', async () => {
    const user = userEvent.setup();
    show(config());
    const section = screen.getByRole('region', { name: 'All tags' });
    expect(await within(section).findByRole('rowheader', { name: 'Spicy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Spicy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Vegan' })).toBeNull();
    await user.type(screen.getByLabelText('Search'), 'vega');
    expect(screen.queryByRole('rowheader', { name: 'Spicy' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Vegan' })).toBeTruthy();
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'zzz');
    expect(screen.getByText('Nothing found.')).toBeTruthy();
  });

  it('adds with the names editor: the name in three languages, the slug only when given', async () => {
    const user = userEvent.setup();
    const fetchMock = show(config());
    await screen.findByRole('rowheader', { name: 'Spicy' });
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add tag' });
    await user.type(within(dialog).getByLabelText(/Name \(Dutch\)/), 'Pikant');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pikant was saved.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(url).toBe('/wp-json/wc/v3/products/tags');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Pikant', translations: { fr: '', en: '' } });
  });

  it('without an add text or a remove it only edits (the allergens), and without an id it is a panel with an h3 (the terms)', async () => {
    show(config({ id: undefined, add: undefined, remove: undefined }));
    expect(await screen.findByRole('rowheader', { name: 'Spicy' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'All tags' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add tag' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Spicy' })).toBeTruthy();
  });
});
