import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicInfo } from '../../api/common.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { writeCookie } from '../../state/cookies.ts';
import { Button } from '../../ui/button/Button.tsx';
import { Dialog } from '../../ui/dialog/Dialog.tsx';
import { activeSkin, SKIN_COOKIE, skinLabel, skinList } from '../skin.ts';
import styles from './header.module.css';
import { TriggerContent } from './TriggerContent.tsx';

/** The settings button and skin dialog, shown only when public info offers more than one skin. */
export function SkinButton() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const skins = skinList(info);
  const current = activeSkin(info)?.skinId;
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState(current);
  if (skins.length < 2) return null;
  const lang = currentLanguage();
  const close = () => {
    setOpen(false);
    setPicked(current);
  };
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        data-testid="skin-button"
        aria-label={t('skin.settings')}
        onClick={() => setOpen(true)}
      >
        <TriggerContent glyph="skin">{t('skin.settings')}</TriggerContent>
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={t('skin.title')}
        description={t('skin.description')}
        closeLabel={t('common.close')}
        footer={
          <>
            <Button variant="ghost" size="l" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                if (picked) writeCookie(SKIN_COOKIE, picked);
                location.reload();
              }}
            >
              {t('common.confirm')}
            </Button>
          </>
        }
      >
        <div className={styles.skins} role="radiogroup" aria-label={t('skin.title')}>
          {skins.map((skin) => (
            <label key={skin.skinId} className={styles.skin} data-checked={picked === skin.skinId || undefined}>
              <input
                type="radio"
                name="skin"
                value={skin.skinId}
                checked={picked === skin.skinId}
                onChange={() => setPicked(skin.skinId)}
              />
              <span className={styles.swatch} style={{ background: skin.mainClor }} aria-hidden="true" />
              {skinLabel(skin, lang)}
            </label>
          ))}
        </div>
      </Dialog>
    </>
  );
}
