/**
 * Pagination (shell.md §4, §9): previous/next move one page and never past the first or last page; the range shows
 * as 'start - end of total'. Props: page (1-based), total (items), pageSize (default 10), onPageChange(page),
 * ofText (the translated 'of'), previousLabel, nextLabel, label (accessible name of the nav).
 */
import styles from './pagination.module.css';

export const DEFAULT_PAGE_SIZE = 10;

export interface PaginationProps {
  page: number;
  total: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  ofText?: string;
  previousLabel?: string;
  nextLabel?: string;
  label?: string;
}

/** The first and last item numbers shown on a page, 0 - 0 when there is nothing. */
export function pageRange(page: number, total: number, pageSize: number): { start: number; end: number } {
  if (total <= 0) return { start: 0, end: 0 };
  return { start: (page - 1) * pageSize + 1, end: Math.min(page * pageSize, total) };
}

export function Pagination({
  page,
  total,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
  ofText = 'of',
  previousLabel = 'Previous page',
  nextLabel = 'Next page',
  label = 'Pagination',
}: PaginationProps) {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), lastPage);
  const { start, end } = pageRange(current, total, pageSize);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <span className={styles.range} aria-live="polite">
        {`${start} - ${end} ${ofText} ${total}`}
      </span>
      <button
        type="button"
        className={styles.step}
        aria-label={previousLabel}
        disabled={current <= 1}
        onClick={() => onPageChange(current - 1)}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="m10 4-4 4 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
      <button
        type="button"
        className={styles.step}
        aria-label={nextLabel}
        disabled={current >= lastPage}
        onClick={() => onPageChange(current + 1)}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="m6 4 4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
    </nav>
  );
}
