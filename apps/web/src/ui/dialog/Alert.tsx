/**
 * A confirm alert. Props: open, onOpenChange, title, message, confirmText, onConfirm (async allowed: the
 * button shows busy until it settles, then the alert closes), cancelText (omit for a single-button notice),
 * onCancel, tone 'primary' | 'sell' (a destructive confirm), closeLabel.
 */
import { type ReactNode, useState } from 'react';
import { Button } from '../button/Button.tsx';
import { Dialog } from './Dialog.tsx';

export interface AlertProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message?: ReactNode;
  confirmText: string;
  onConfirm?: () => unknown;
  cancelText?: string;
  onCancel?: () => void;
  tone?: 'primary' | 'sell';
  closeLabel?: string;
}

export function Alert({
  open,
  onOpenChange,
  title,
  message,
  confirmText,
  onConfirm,
  cancelText,
  onCancel,
  tone = 'primary',
  closeLabel,
}: AlertProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm?.();
      onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    onCancel?.();
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel?.();
        onOpenChange(next);
      }}
      role="alertdialog"
      title={title}
      description={message}
      closeLabel={closeLabel}
      footer={
        <>
          {cancelText && (
            <Button variant="ghost" size="l" onClick={cancel} disabled={busy}>
              {cancelText}
            </Button>
          )}
          <Button variant={tone} loading={busy} onClick={confirm}>
            {confirmText}
          </Button>
        </>
      }
    />
  );
}
