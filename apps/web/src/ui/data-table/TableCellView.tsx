/** Draws one table cell by its type. */
import { Select } from '../select/Select.tsx';
import styles from './data-table.module.css';
import type { TableCell } from './table-types.ts';

interface TableCellViewProps {
  cell: TableCell;
  subTableOpen: boolean;
  subTableId: string;
  onToggleSubTable: () => void;
}

export function TableCellView({ cell, subTableOpen, subTableId, onToggleSubTable }: TableCellViewProps) {
  switch (cell.type) {
    case 'text':
      return <span className={styles.text}>{cell.text}</span>;
    case 'label':
      return <span className={`${styles.label} ${styles[cell.tone ?? 'muted']}`}>{cell.text}</span>;
    case 'button':
      return (
        <button
          type="button"
          className={`${styles.action} ${styles[cell.tone ?? 'brand']}`}
          onClick={cell.onClick}
          disabled={cell.disabled}
        >
          {cell.text}
        </button>
      );
    case 'link':
      return (
        <a
          className={styles.link}
          href={cell.href}
          {...(cell.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {cell.text}
        </a>
      );
    case 'input':
      return (
        <input
          className={styles.input}
          aria-label={cell.label}
          value={cell.value}
          maxLength={cell.maxLength}
          onChange={(event) => cell.onChange(event.target.value)}
        />
      );
    case 'html':
      return cell.trusted ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: only markup the caller marked as sanitised
        <span className={styles.text} dangerouslySetInnerHTML={{ __html: cell.html }} />
      ) : (
        <span className={styles.text}>{cell.html}</span>
      );
    case 'icon':
      return (
        <span className={styles.icon} role="img" aria-label={cell.label}>
          {cell.icon}
        </span>
      );
    case 'select':
      return <Select label={cell.label} value={cell.value} options={cell.selectOption} onChange={cell.onChange} />;
    case 'subTable':
      return (
        <button
          type="button"
          className={`${styles.action} ${styles.brand}`}
          aria-expanded={subTableOpen}
          aria-controls={subTableOpen ? subTableId : undefined}
          onClick={onToggleSubTable}
        >
          {cell.text}
          <svg className={styles.caret} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
        </button>
      );
  }
}
