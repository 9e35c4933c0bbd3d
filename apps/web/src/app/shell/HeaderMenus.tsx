import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppDownloadInfo } from '../../api/app-download.ts';
import { DropdownMenu } from '../../ui/dropdown-menu/DropdownMenu.tsx';
import { AppDownloadMenu } from './AppDownloadMenu.tsx';
import { accountLinks, assetLinks, type LinkContext, orderLinks } from './header-links.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { MessagesMenu } from './MessagesMenu.tsx';
import { linkItems } from './menu-items.ts';
import { SkinButton } from './SkinDialog.tsx';
import { TriggerContent } from './TriggerContent.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The header's menus: assets, orders, messages and user while logged in; app download, language and skin always. */
export default function HeaderMenus({
  limited,
  ctx,
  appDownload,
}: {
  limited: boolean;
  ctx: LinkContext;
  appDownload: AppDownloadInfo | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = (key: string) => t(`nav.${key}`);
  return (
    <>
      {!limited && ctx.isLogin && (
        <>
          <DropdownMenu
            trigger={<TriggerContent glyph="assets">{t('nav.assets')}</TriggerContent>}
            triggerLabel={t('nav.assets')}
            items={linkItems(assetLinks(ctx), label, navigate)}
          />
          <DropdownMenu
            trigger={<TriggerContent glyph="orders">{t('nav.orders')}</TriggerContent>}
            triggerLabel={t('nav.orders')}
            items={linkItems(orderLinks(ctx), label, navigate)}
          />
          <MessagesMenu />
          <UserMenu links={accountLinks(ctx)} />
        </>
      )}
      {!limited && appDownload && <AppDownloadMenu info={appDownload} />}
      <LanguageMenu />
      {!limited && <SkinButton />}
    </>
  );
}
