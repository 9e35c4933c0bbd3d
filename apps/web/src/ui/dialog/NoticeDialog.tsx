/**
 * A notice (announcement) reader. Props: open, onOpenChange, title, time (already formatted), content (plain text;
 * line breaks kept), confirmText, closeLabel.
 */
import type { ReactNode } from 'react';
import { Button } from '../button/Button.tsx';
import { Dialog } from './Dialog.tsx';
import styles from './dialog.module.css';

export interface NoticeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  time?: string;
  content: string;
  confirmText: string;
  closeLabel?: string;
}

export function NoticeDialog({ open, onOpenChange, title, time, content, confirmText, closeLabel }: NoticeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={time}
      width="wide"
      closeLabel={closeLabel}
      footer={<Button onClick={() => onOpenChange(false)}>{confirmText}</Button>}
    >
      <div className={styles.notice}>{content}</div>
    </Dialog>
  );
}
