import { useTranslation } from 'react-i18next';
import { usePublicInfo } from '../../api/common.ts';
import { useSession } from '../../api/user.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { isLanguage, languageNames } from '../../i18n/languages.ts';
import { DropdownMenu } from '../../ui/dropdown-menu/DropdownMenu.tsx';
import { changeLanguage } from './language-change.ts';
import { TriggerContent } from './TriggerContent.tsx';

/** The languages public info offers (of the six this app speaks), each changing per the spec's flow. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const { isLogin } = useSession();
  const current = currentLanguage();
  const offered = info.lan.lanList.map((l) => l.id).filter(isLanguage);
  const languages = offered.length ? offered : [current];
  return (
    <DropdownMenu
      trigger={<TriggerContent glyph="language">{languageNames[current]}</TriggerContent>}
      triggerLabel={`${t('shell.language')}: ${languageNames[current]}`}
      items={languages.map((lang) => ({
        key: lang,
        label: languageNames[lang],
        disabled: lang === current,
        onSelect: () => void changeLanguage(lang, isLogin, (path) => location.assign(path)),
      }))}
    />
  );
}
