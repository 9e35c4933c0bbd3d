import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../button/Button.tsx';
import { useToast } from '../toast/ToastProvider.tsx';
import { Dialog } from './Dialog.tsx';

/**
 * A dialog that does one thing (transfer, borrow, repay): Cancel and a confirm button. `onConfirm` returns the
 * success toast's text, or null when the form refused the input (the dialog stays open); a failed call is toasted
 * with its message and the dialog stays open too.
 */
export function ActionDialog({
  title,
  confirmLabel,
  pending,
  disabled,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = async () => {
    try {
      const done = await onConfirm();
      if (done === null) return;
      toast.success(done);
      onClose();
    } catch (failure) {
      toast.error(errorText(t, failure));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="ghost" size="l" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={pending} disabled={disabled}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
