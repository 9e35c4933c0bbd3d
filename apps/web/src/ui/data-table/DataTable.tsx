/**
 * The data table (shell.md §3, §4, §9): sortable columns that report {key, direction}, one row's sub-table open at a
 * time with a loading state, a no-data message, 20 lines before scrolling, rows of 50 px under a 40 px header,
 * width re-measured at once and 2 s after the data changes, and windowing for long lists.
 * Props: columns (TableColumn[]), rows (TableRow[]), noDataText (localised), label (accessible name), lines
 * (default 20), loading (skeleton rows), sort + onSortChange({key, direction}) (the caller sorts the rows: it knows
 * which columns hold decimals), loadSubTable(rowId) => Promise<node> (the open row's sub-table), loadingText,
 * windowFrom (row count from which only the rows in view are drawn; default 100), stackOnNarrow (on screens up to
 * 768 px each row becomes a card of "column title: value" lines instead of squeezing every column).
 */
import { Fragment, type ReactNode, useRef, useState } from 'react';
import { Skeleton, Spinner } from '../spinner/Spinner.tsx';
import surface from '../surface/surface.module.css';
import { Tooltip } from '../tooltip/Tooltip.tsx';
import styles from './data-table.module.css';
import { TableCellView } from './TableCellView.tsx';
import type { SortState, TableColumn, TableRow } from './table-types.ts';
import { useRowWindow } from './use-row-window.ts';
import { useTableWidth } from './use-table-width.ts';

export const DEFAULT_LINES = 20;
const DEFAULT_WINDOW_FROM = 100;

export interface DataTableProps {
  columns: TableColumn[];
  rows: TableRow[];
  noDataText: string;
  label?: string;
  lines?: number;
  loading?: boolean;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  loadSubTable?: (rowId: string) => Promise<ReactNode>;
  loadingText?: string;
  windowFrom?: number;
  stackOnNarrow?: boolean;
}

/** The next sort after a click on `key`: a new column starts descending; the same column toggles. */
export function nextSort(current: SortState | undefined, key: string): SortState {
  if (current?.key !== key) return { key, direction: 'down' };
  return { key, direction: current.direction === 'down' ? 'up' : 'down' };
}

const ariaSort = { down: 'descending', up: 'ascending' } as const;
const rowsHeight = (count: number) => `calc(var(--row-height) * ${count})`;

export function DataTable({
  columns,
  rows,
  noDataText,
  label,
  lines = DEFAULT_LINES,
  loading = false,
  sort,
  onSortChange,
  loadSubTable,
  loadingText = 'Loading',
  windowFrom = DEFAULT_WINDOW_FROM,
  stackOnNarrow = false,
}: DataTableProps) {
  const container = useRef<HTMLDivElement>(null);
  const width = useTableWidth(container, rows);
  const [ownSort, setOwnSort] = useState<SortState>();
  const activeSort = sort ?? ownSort;
  const [sub, setSub] = useState<{ rowId: string; loading: boolean; content: ReactNode }>();
  const request = useRef(0);
  // An open sub-table has its own height, so windowing (fixed row heights) pauses while one is open.
  const windowed = rows.length >= windowFrom && !sub;
  const { start, end, onScroll } = useRowWindow(rows.length, lines, windowed);

  const changeSort = (key: string) => {
    const next = nextSort(activeSort, key);
    setOwnSort(next);
    onSortChange?.(next);
  };

  const toggleSubTable = (rowId: string) => {
    request.current += 1;
    if (sub?.rowId === rowId || !loadSubTable) {
      setSub(undefined);
      return;
    }
    const mine = request.current;
    setSub({ rowId, loading: true, content: null });
    loadSubTable(rowId).then(
      (content) => {
        if (request.current === mine) setSub({ rowId, loading: false, content });
      },
      () => {
        // A failed load shows an empty sub-table (list loads fail silently, platform.md §8).
        if (request.current === mine) setSub({ rowId, loading: false, content: null });
      },
    );
  };

  const cellStyle = (column: TableColumn) => ({ textAlign: column.align ?? 'left' });

  return (
    <div
      ref={container}
      className={[styles.scroll, stackOnNarrow && !windowed && styles.stackedScroll].filter(Boolean).join(' ')}
      style={{ maxHeight: `calc(var(--header-row-height) + ${rowsHeight(lines)})` }}
      onScroll={onScroll}
    >
      <table
        className={[styles.table, stackOnNarrow && styles.stacked].filter(Boolean).join(' ')}
        aria-label={label}
        aria-busy={loading || undefined}
        aria-rowcount={windowed ? rows.length + 1 : undefined}
        style={{ width }}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr className={styles.headRow}>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={[styles.head, column.classes].filter(Boolean).join(' ')}
                style={cellStyle(column)}
                aria-sort={
                  column.sortable && activeSort?.key === column.key ? ariaSort[activeSort.direction] : undefined
                }
              >
                <span className={styles.headInner} data-align={column.align ?? 'left'}>
                  {column.sortable ? (
                    <button
                      type="button"
                      className={`${surface.bareButton} ${styles.sortButton}`}
                      onClick={() => changeSort(column.key)}
                    >
                      {column.title}
                      <SortMark direction={activeSort?.key === column.key ? activeSort.direction : undefined} />
                    </button>
                  ) : (
                    column.title
                  )}
                  {column.promptText != null && (
                    <Tooltip content={column.promptText}>
                      <button type="button" className={styles.prompt} aria-label={column.promptText}>
                        ?
                      </button>
                    </Tooltip>
                  )}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && (
            <tr>
              <td colSpan={columns.length} className={styles.state}>
                <Skeleton lines={Math.min(lines, 5)} />
              </td>
            </tr>
          )}
          {!loading && rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className={styles.state} style={{ height: rowsHeight(3) }}>
                <p className={styles.empty}>{noDataText}</p>
              </td>
            </tr>
          )}
          {!loading && start > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable
            <tr aria-hidden="true" style={{ height: rowsHeight(start) }} data-testid="spacer-top" />
          )}
          {!loading &&
            rows.slice(start, end).map((row, offset) => {
              const open = sub?.rowId === row.id;
              const subTableId = `sub-${row.id}`;
              return (
                <Fragment key={row.id}>
                  <tr
                    className={[styles.row, row.classes].filter(Boolean).join(' ')}
                    data-open={open || undefined}
                    aria-rowindex={windowed ? start + offset + 2 : undefined}
                  >
                    {columns.map((column) => {
                      const value = row.cells[column.key];
                      const cells = value === undefined ? [] : Array.isArray(value) ? value : [value];
                      return (
                        <td
                          key={column.key}
                          className={[styles.cell, column.classes].filter(Boolean).join(' ')}
                          style={cellStyle(column)}
                          data-label={typeof column.title === 'string' ? column.title : undefined}
                        >
                          <span className={styles.cellInner} data-align={column.align ?? 'left'}>
                            {cells.map((cell, index) => (
                              <TableCellView
                                // biome-ignore lint/suspicious/noArrayIndexKey: a cell's parts have no identity but their place
                                key={index}
                                cell={cell}
                                subTableOpen={open}
                                subTableId={subTableId}
                                onToggleSubTable={() => toggleSubTable(row.id)}
                              />
                            ))}
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                  {open && (
                    <tr id={subTableId} className={styles.subRow}>
                      <td colSpan={columns.length} className={styles.subCell}>
                        {sub.loading ? <Spinner label={loadingText} /> : sub.content}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          {!loading && end < rows.length && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable
            <tr aria-hidden="true" style={{ height: rowsHeight(rows.length - end) }} data-testid="spacer-bottom" />
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortMark({ direction }: { direction: SortState['direction'] | undefined }) {
  return (
    <svg className={styles.sortMark} viewBox="0 0 8 12" aria-hidden="true" focusable="false">
      <path d="M4 1 7 5H1z" fill={direction === 'up' ? 'var(--color-brand)' : 'currentColor'} />
      <path d="M4 11 1 7h6z" fill={direction === 'down' ? 'var(--color-brand)' : 'currentColor'} />
    </svg>
  );
}
