import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from './Spinner';
import { EmptyState, ErrorState } from './States';

export type SortDirection = 'ascending' | 'descending';

export interface Column<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value (text compares as people read it: "2" before "10"). */
  sortValue?: (row: Row) => string | number | null | undefined;
  /** The cell that names the row (`<th scope="row">`), read by screen readers with every other cell. */
  rowHeader?: boolean;
  /** A class for this column's cells (e.g. monospace key endings). */
  className?: string;
}

export interface Sort {
  column: string;
  direction: SortDirection;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The rows in the order of `sort`; equal values and missing ones keep their order (missing last). */
export function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], sort: Sort | null): Row[] {
  const column = sort ? columns.find((c) => c.id === sort.column) : undefined;
  if (!sort || !column?.sortValue) return [...rows];
  const value = column.sortValue;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const aMissing = a.key === null || a.key === undefined || a.key === '';
      const bMissing = b.key === null || b.key === undefined || b.key === '';
      if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : collator.compare(String(a.key), String(b.key));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((entry) => entry.row);
}

/**
 * The one data table: a labelled, keyboard-scrollable region; sortable columns are header buttons
 * (Enter or Space) with aria-sort; while loading a spinner, on failure the error with a retry, and
 * without rows the empty text instead of an empty table.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  onRetry,
  errorContent,
  empty,
  initialSort = null,
  rowProps,
  caption,
  className,
}: {
  /** Names the table for screen readers (the region, and the caption unless `caption` is given). */
  label: string;
  caption?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Replaces the standard error state (e.g. the dashboard's login and permission answers). */
  errorContent?: ReactNode;
  empty: ReactNode;
  initialSort?: Sort | null;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  className?: string;
}) {
  const intl = useIntl();
  const [sort, setSort] = useState<Sort | null>(initialSort);
  const sorted = useMemo(() => sortRows(rows ?? [], columns, sort), [rows, columns, sort]);

  if (loading) return <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />;
  if (error) return errorContent ?? <ErrorState error={error} onRetry={onRetry} />;
  if (!rows || rows.length === 0) return typeof empty === 'string' ? <EmptyState title={empty} /> : empty;

  const toggle = (column: string) =>
    setSort((current) => ({ column, direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending' }));

  return (
    <div className="data-table" tabIndex={0} role="region" aria-label={label}>
      <table className={className}>
        <caption className="visually-hidden">{caption ?? label}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const direction = sort?.column === column.id ? sort.direction : undefined;
              return (
                <th key={column.id} scope="col" aria-sort={column.sortValue ? (direction ?? 'none') : undefined}>
                  {column.sortValue ? (
                    <button type="button" className="data-table__sort" onClick={() => toggle(column.id)}>
                      {column.header}
                      <span aria-hidden="true" className="data-table__arrow">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.id} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
