/**
 * A dialog listing conditions, each met or not (e.g. what must be done before withdrawing).
 * Props: open, onOpenChange, title, message, items [{id, text, checked}], checkedLabel / uncheckedLabel
 * (read aloud after each item), confirmText, onConfirm, closeLabel.
 */
import type { ReactNode } from 'react';
import { Button } from '../button/Button.tsx';
import { VisuallyHidden } from '../visually-hidden/VisuallyHidden.tsx';
import { Dialog } from './Dialog.tsx';
import styles from './dialog.module.css';

export interface ChecklistItem {
  id: string;
  text: ReactNode;
  checked: boolean;
}

export interface ChecklistAlertProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message?: ReactNode;
  items: ChecklistItem[];
  checkedLabel: string;
  uncheckedLabel: string;
  confirmText: string;
  onConfirm?: () => void;
  closeLabel?: string;
}

export function ChecklistAlert({
  open,
  onOpenChange,
  title,
  message,
  items,
  checkedLabel,
  uncheckedLabel,
  confirmText,
  onConfirm,
  closeLabel,
}: ChecklistAlertProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={title}
      description={message}
      closeLabel={closeLabel}
      footer={
        <Button
          block
          onClick={() => {
            onConfirm?.();
            onOpenChange(false);
          }}
        >
          {confirmText}
        </Button>
      }
    >
      <ul className={styles.checklist}>
        {items.map((item) => (
          <li key={item.id} className={styles.checkItem} data-checked={item.checked}>
            <svg className={styles.checkIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              {item.checked ? (
                <path d="m3 8.5 3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
              ) : (
                <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
              )}
            </svg>
            <span>{item.text}</span>
            <VisuallyHidden>{item.checked ? checkedLabel : uncheckedLabel}</VisuallyHidden>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
