import { useTranslation } from 'react-i18next';
import { copyText } from '../../browser/clipboard.ts';
import { Button } from '../../ui/button/Button.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';

/** Copies a value and says so (invite code and link, API key and secret). */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <Button
      variant="ghost"
      size="s"
      aria-label={label}
      onClick={async () =>
        (await copyText(value)) ? toast.success(t('personal.copied')) : toast.error(t('error.unknown'))
      }
    >
      {t('personal.copy')}
    </Button>
  );
}
