import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAppDownload } from '../../api/app-download.ts';
import { usePublicInfo } from '../../api/common.ts';
import { useSession } from '../../api/user.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { DropdownMenu } from '../../ui/dropdown-menu/DropdownMenu.tsx';
import { AppDownloadMenu } from './AppDownloadMenu.tsx';
import styles from './header.module.css';
import { accountLinks, assetLinks, type LinkContext, mainLinks, moreLinks, orderLinks } from './header-links.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { MessagesMenu } from './MessagesMenu.tsx';
import { MoreMenu } from './MoreMenu.tsx';
import { linkItems } from './menu-items.ts';
import { SkinButton } from './SkinDialog.tsx';
import type { HeaderKind } from './shell-parts.ts';
import { UserMenu } from './UserMenu.tsx';

/** The header in its three shapes: top bar, left side bar (layout type 2), and limited (logo and language). */
export function Header({ kind, activeName }: { kind: Exclude<HeaderKind, 'none'>; activeName: string }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const { user, isLogin } = useSession();
  const appDownload = useAppDownload();
  const navigate = useNavigate();
  const navLabel = (key: string) => t(`nav.${key}`);
  const ctx: LinkContext = {
    switches: info.switch,
    isLogin,
    isAgent: user?.agentStatus === 1,
    hasAppPage: !!appDownload.data?.app_page_url,
    info,
    lang: currentLanguage(),
  };
  const logo = info.msg.logoUrl;
  const brand = info.msg.company_name || t('brand.fallbackTitle');

  return (
    <header className={styles.header} data-kind={kind}>
      <Link to="/" className={styles.logo} aria-label={brand}>
        {logo ? <img src={logo} alt={brand} /> : <span>{brand}</span>}
      </Link>
      {kind !== 'limited' && (
        <nav className={styles.nav} aria-label={t('shell.mainNavigation')}>
          {mainLinks(ctx).map((link) =>
            link.to ? (
              <NavLink
                key={link.key}
                to={link.to}
                className={styles.navLink}
                aria-current={activeName === link.key ? 'page' : undefined}
              >
                {t(`nav.${link.key}`)}
              </NavLink>
            ) : (
              <a key={link.key} href={link.href} className={styles.navLink}>
                {t(`nav.${link.key}`)}
              </a>
            ),
          )}
          <MoreMenu links={moreLinks(ctx)} />
        </nav>
      )}
      <div className={styles.tools}>
        {kind !== 'limited' && isLogin && (
          <>
            <DropdownMenu trigger={t('nav.assets')} items={linkItems(assetLinks(ctx), navLabel, navigate)} />
            <DropdownMenu trigger={t('nav.orders')} items={linkItems(orderLinks(ctx), navLabel, navigate)} />
            <MessagesMenu />
            <UserMenu links={accountLinks(ctx)} />
          </>
        )}
        {kind !== 'limited' && !isLogin && (
          <>
            <Link to="/login" className={styles.navLink}>
              {t('nav.login')}
            </Link>
            <Link to="/register" className={styles.cta}>
              {t('nav.register')}
            </Link>
          </>
        )}
        {kind !== 'limited' && appDownload.data && <AppDownloadMenu info={appDownload.data} />}
        <LanguageMenu />
        {kind !== 'limited' && <SkinButton />}
      </div>
    </header>
  );
}
