// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, sortRows, type Column } from './DataTable';

interface Person {
  id: number;
  name: string;
  orders: number;
  lastVisit: string | null;
}

const PEOPLE: Person[] = [
  { id: 1, name: 'Karel', orders: 10, lastVisit: '2026-11-20' },
  { id: 2, name: 'an', orders: 2, lastVisit: null },
  { id: 3, name: 'Bart', orders: 2, lastVisit: '2026-11-22' },
];

const COLUMNS: Column<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortValue: (p) => p.name, rowHeader: true },
  { id: 'orders', header: 'Orders', cell: (p) => p.orders, sortValue: (p) => p.orders },
  { id: 'lastVisit', header: 'Last visit', cell: (p) => p.lastVisit ?? '—', sortValue: (p) => p.lastVisit },
  { id: 'actions', header: 'Actions', cell: () => <button type="button">Edit</button> },
];

const MESSAGES = { 'common.loading': 'Loading…', 'common.retry': 'Try again', 'error.loadFailed': 'Could not load' };

function show(props: Partial<React.ComponentProps<typeof DataTable<Person>>> = {}) {
  return render(
    <IntlProvider locale="en-US" messages={MESSAGES}>
      <DataTable<Person> label="Customers" columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} empty="No customers yet" {...props} />
    </IntlProvider>,
  );
}

const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

afterEach(cleanup);

describe('sortRows', () => {
  it('sorts text as people read it, numbers as numbers, and keeps ties and missing values in order (missing last)', () => {
    expect(sortRows(PEOPLE, COLUMNS, { column: 'name', direction: 'ascending' }).map((p) => p.name)).toEqual(['an', 'Bart', 'Karel']);
    expect(sortRows(PEOPLE, COLUMNS, { column: 'orders', direction: 'descending' }).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(sortRows(PEOPLE, COLUMNS, { column: 'orders', direction: 'ascending' }).map((p) => p.id)).toEqual([2, 3, 1]);
    expect(sortRows(PEOPLE, COLUMNS, { column: 'lastVisit', direction: 'descending' }).map((p) => p.id)).toEqual([3, 1, 2]);
    expect(sortRows(PEOPLE, COLUMNS, null)).toEqual(PEOPLE);
  });
});

describe('DataTable', () => {
  it('shows the rows in their given order in a labelled, focusable region', () => {
    show();
    const region = screen.getByRole('region', { name: 'Customers' });
    expect(region.tabIndex).toBe(0);
    expect(names()).toEqual(['Karel', 'an', 'Bart']);
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('aria-sort')),
    ).toEqual(['none', 'none', 'none', null]);
  });

  it('sorts by a column header, ascending then descending, with the mouse and the keyboard', async () => {
    const user = userEvent.setup();
    show();
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    await user.click(within(nameHeader).getByRole('button'));
    expect(names()).toEqual(['an', 'Bart', 'Karel']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(nameHeader).getByRole('button'));
    expect(names()).toEqual(['Karel', 'Bart', 'an']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');

    // Tab from the region to the first sort button, on to the second, and Enter sorts by it.
    screen.getByRole('region').focus();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(screen.getByRole('columnheader', { name: /Orders/ })).getByRole('button'));
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['an', 'Bart', 'Karel']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Orders/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.keyboard(' ');
    expect(names()).toEqual(['Karel', 'an', 'Bart']);
  });

  it('starts from the initial sort', () => {
    show({ initialSort: { column: 'lastVisit', direction: 'descending' } });
    expect(names()).toEqual(['Bart', 'Karel', 'an']);
  });

  it('shows the empty text instead of an empty table', () => {
    show({ rows: [] });
    expect(screen.getByRole('heading', { name: 'No customers yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a spinner while loading', () => {
    show({ rows: undefined, loading: true });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('shows the error with a retry, or the given error content', async () => {
    const retry = vi.fn();
    show({ rows: undefined, error: new Error('HTTP 500'), onRetry: retry });
    expect(screen.getByRole('alert').textContent).toContain('HTTP 500');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    cleanup();
    show({ rows: undefined, error: new Error('HTTP 403'), errorContent: <p>Not for you</p> });
    expect(screen.getByText('Not for you')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
