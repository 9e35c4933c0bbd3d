/** The table's entities (shell.md §3): columns, rows and the cell types a row may hold. */
import type { ReactNode } from 'react';
import type { CodedOption, SelectOption } from '../select/select-options.ts';

export type SortDirection = 'down' | 'up';

export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface TableColumn {
  key: string;
  title: ReactNode;
  sortable?: boolean;
  /** Numbers are right-aligned. */
  align?: 'left' | 'center' | 'right';
  /** Any CSS length ('20%', 'calc(var(--space-7) * 3)'); omitted columns share what is left. */
  width?: string;
  classes?: string;
  /** A hint shown in a tooltip beside the title. */
  promptText?: string;
}

export type TableCell =
  | { type: 'text'; text: ReactNode }
  | { type: 'label'; text: ReactNode; tone?: 'buy' | 'sell' | 'warning' | 'muted' | 'brand' }
  | { type: 'button'; text: ReactNode; onClick: () => void; disabled?: boolean; tone?: 'brand' | 'sell' }
  | { type: 'link'; text: ReactNode; href: string; external?: boolean }
  | { type: 'input'; value: string; onChange: (value: string) => void; label: string; maxLength?: number }
  /** Markup from the server: drawn as text unless `trusted`, which the caller sets only for sanitised markup. */
  | { type: 'html'; html: string; trusted?: boolean }
  | { type: 'icon'; icon: ReactNode; label: string }
  | {
      type: 'select';
      value: string | undefined;
      selectOption: SelectOption[];
      onChange: (option: CodedOption) => void;
      label: string;
    }
  /** The toggle that opens this row's sub-table (one row at a time). */
  | { type: 'subTable'; text: ReactNode };

export interface TableRow {
  id: string;
  /** Cells by column key; several cells in one column (e.g. two buttons) as an array. */
  cells: Record<string, TableCell | TableCell[] | undefined>;
  classes?: string;
}
