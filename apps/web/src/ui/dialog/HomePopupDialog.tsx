/**
 * The home pop-up's look (the rules for when it shows belong to the shell). Props: open, title, displayType
 * (0 image, otherwise text), imageUrl, imageText (the record's html: drawn as plain text unless `trustedHtml`,
 * which the caller sets only for markup it has sanitised), buttonOne / buttonTwo (texts; a missing text hides the
 * button), onButton(1 | 2), onClose (the X, Esc or outside click), closeLabel.
 */
import { Button } from '../button/Button.tsx';
import { Dialog } from './Dialog.tsx';
import styles from './dialog.module.css';

export interface HomePopupDialogProps {
  open: boolean;
  title: string;
  displayType: number;
  imageUrl?: string;
  imageText?: string;
  trustedHtml?: boolean;
  buttonOne?: string;
  buttonTwo?: string;
  onButton: (which: 1 | 2) => void;
  onClose: () => void;
  closeLabel?: string;
}

export function HomePopupDialog({
  open,
  title,
  displayType,
  imageUrl,
  imageText = '',
  trustedHtml = false,
  buttonOne,
  buttonTwo,
  onButton,
  onClose,
  closeLabel,
}: HomePopupDialogProps) {
  const hasButtons = Boolean(buttonOne || buttonTwo);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      closeLabel={closeLabel}
      footer={
        hasButtons ? (
          <>
            {buttonOne && (
              <Button variant="ghost" size="l" onClick={() => onButton(1)}>
                {buttonOne}
              </Button>
            )}
            {buttonTwo && <Button onClick={() => onButton(2)}>{buttonTwo}</Button>}
          </>
        ) : undefined
      }
    >
      {displayType === 0 ? (
        imageUrl && <img className={styles.popupImage} src={imageUrl} alt={title} />
      ) : trustedHtml ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: only markup the caller marked as sanitised
        <div className={styles.notice} dangerouslySetInnerHTML={{ __html: imageText }} />
      ) : (
        <div className={styles.notice}>{imageText}</div>
      )}
    </Dialog>
  );
}
