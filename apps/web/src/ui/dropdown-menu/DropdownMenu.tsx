/**
 * A menu on Radix Dropdown Menu (arrow keys, type-ahead, Esc closes, focus returns to the trigger).
 * Props: trigger (content of the trigger button), triggerLabel (its accessible name when the content is an icon),
 * items [{key, label, onSelect?, href?, disabled?, danger?}] (href items are links), align 'start' | 'end',
 * header (optional node above the items, e.g. the account name).
 */
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { POPUP_GAP_PX } from '../popup-gap.ts';
import surface from '../surface/surface.module.css';
import styles from './dropdown-menu.module.css';

export interface DropdownMenuItem {
  key: string;
  label: ReactNode;
  onSelect?: () => void;
  href?: string;
  disabled?: boolean;
  danger?: boolean;
}

export interface DropdownMenuProps {
  trigger: ReactNode;
  triggerLabel?: string;
  items: DropdownMenuItem[];
  align?: 'start' | 'end';
  header?: ReactNode;
}

export function DropdownMenu({ trigger, triggerLabel, items, align = 'end', header }: DropdownMenuProps) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger className={styles.trigger} aria-label={triggerLabel}>
        {trigger}
        <svg className={styles.caret} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className={`${surface.popup} ${styles.content}`} align={align} sideOffset={POPUP_GAP_PX}>
          {header && <div className={styles.header}>{header}</div>}
          {items.map((item) => (
            <RadixMenu.Item
              key={item.key}
              className={[styles.item, item.danger && styles.danger].filter(Boolean).join(' ')}
              disabled={item.disabled}
              onSelect={item.onSelect}
              asChild={item.href !== undefined}
            >
              {item.href !== undefined ? <a href={item.href}>{item.label}</a> : item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
