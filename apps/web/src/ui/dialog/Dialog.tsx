/**
 * The modal frame every dialog here uses, on Radix Dialog (focus trap, Esc and outside click close, focus return).
 * Props: open, onOpenChange(open), title, description (optional, read as the accessible description),
 * children (body), footer (buttons), width 'normal' | 'wide', closeLabel (accessible name of the corner X;
 * omit hideClose to show it), role 'dialog' | 'alertdialog', dismissible (false: Esc and outside click do nothing).
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import surface from '../surface/surface.module.css';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  width?: 'normal' | 'wide';
  closeLabel?: string;
  hideClose?: boolean;
  role?: 'dialog' | 'alertdialog';
  dismissible?: boolean;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  width = 'normal',
  closeLabel = 'Close',
  hideClose = false,
  role = 'dialog',
  dismissible = true,
}: DialogProps) {
  // Radix gives focus back to its Trigger only; these dialogs are opened from anywhere, so remember the opener.
  const opener = useRef<HTMLElement | null>(null);
  const keep = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          role={role}
          className={`${styles.content} ${styles[width]}`}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          onEscapeKeyDown={keep}
          onPointerDownOutside={keep}
          {...(description == null ? { 'aria-describedby': undefined } : {})}
        >
          <header className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {!hideClose && (
              <RadixDialog.Close className={`${surface.iconButton} ${styles.close}`} aria-label={closeLabel}>
                <svg width="1em" height="1em" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
                </svg>
              </RadixDialog.Close>
            )}
          </header>
          {description != null && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children != null && <div className={styles.body}>{children}</div>}
          {footer != null && <footer className={styles.footer}>{footer}</footer>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
