// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Category } from '../api/types';
import { CategoryNav } from './CategoryNav';

const CATEGORIES = [
  { slug: 'frieten', name: 'Frieten' },
  { slug: 'snacks', name: 'Snacks' },
  { slug: 'dranken', name: 'Dranken' },
] as unknown as Category[];

function show(selected: string[]) {
  render(
    <IntlProvider locale="nl-BE" messages={{ 'shop.categories': 'Categorieën', 'shop.allCategories': 'Alles' }}>
      <MemoryRouter>
        <CategoryNav categories={CATEGORIES} filters={selected.length ? [{ name: 'category', values: selected }] : []} hrefFor={() => '/bestellen'} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

const active = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.classList.contains('chip--active'))
    .map((link) => link.textContent);

afterEach(cleanup);

describe('category chips', () => {
  it('highlight every category chosen in the filter panel (issue 17)', () => {
    show(['frieten', 'dranken']);
    expect(active()).toEqual(['Frieten', 'Dranken']);
  });

  it('mark one chosen category as the current page, and "Alles" when none is chosen', () => {
    show(['snacks']);
    expect(active()).toEqual(['Snacks']);
    expect(screen.getByRole('link', { name: 'Snacks' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    show([]);
    expect(active()).toEqual(['Alles']);
  });
});
