import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAppDownload } from '../../api/app-download.ts';
import { usePublicInfo } from '../../api/common.ts';
import { useSession } from '../../api/user.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import styles from './header.module.css';
import { type LinkContext, mainLinks, moreLinks } from './header-links.ts';
import type { HeaderKind } from './shell-parts.ts';

// The dropdowns and dialogs (Radix, floating positioning) load just after the first paint, in their own chunk:
// the logo, links and the log-in and sign-up buttons do not wait for them.
const HeaderMenus = lazy(() => import('./HeaderMenus.tsx'));
const MoreMenu = lazy(() => import('./MoreMenu.tsx'));

/** The header in its three shapes: top bar, left side bar (layout type 2), and limited (logo and language). */
export function Header({ kind, activeName }: { kind: Exclude<HeaderKind, 'none'>; activeName: string }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const { user, isLogin } = useSession();
  const appDownload = useAppDownload();
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
  const more = moreLinks(ctx);
  // On narrow screens the links fold behind a menu button.
  const [navOpen, setNavOpen] = useState(false);

  return (
    <header className={styles.header} data-kind={kind}>
      <Link to="/" className={styles.logo} aria-label={brand}>
        {logo ? <img src={logo} alt={brand} /> : <span>{brand}</span>}
      </Link>
      {kind !== 'limited' && (
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={navOpen}
          aria-controls="main-nav"
          onClick={() => setNavOpen((open) => !open)}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          <span className={styles.srOnly}>{t('shell.menu')}</span>
        </button>
      )}
      {kind !== 'limited' && (
        <nav
          id="main-nav"
          className={styles.nav}
          data-open={navOpen || undefined}
          aria-label={t('shell.mainNavigation')}
          onClick={() => setNavOpen(false)}
          onKeyDown={(event) => event.key === 'Escape' && setNavOpen(false)}
        >
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
          {more.length > 0 && (
            <Suspense fallback={null}>
              <MoreMenu links={more} />
            </Suspense>
          )}
        </nav>
      )}
      <div className={styles.tools}>
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
        <Suspense fallback={null}>
          <HeaderMenus limited={kind === 'limited'} ctx={ctx} appDownload={appDownload.data} />
        </Suspense>
      </div>
    </header>
  );
}
