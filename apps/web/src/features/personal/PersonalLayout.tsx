import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { type UserInfo, useSession } from '../../api/user.ts';
import { useSectionMenu } from '../../section-menus/SectionMenuLayout.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { SideMenu } from '../../ui/side-menu/SideMenu.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import styles from './personal.module.css';
import { personalMenu } from './personal-menu.ts';

/**
 * The account section's frame: the side menu, the page title and, when the operator enforces Google authenticator
 * and the user has not bound it yet, a banner that sends them to bind it. Pages render from the loaded user.
 */
export function PersonalLayout({
  title,
  back,
  children,
}: {
  title: string;
  /** A sub-page's way back to its overview (/personal/userManagement by default for forms). */
  back?: string;
  children: (user: UserInfo) => ReactNode;
}) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const { user } = useSession();
  const { pathname } = useLocation();
  const aside = useRef<HTMLElement>(null);
  // On a phone the menu is one sideways-scrolling row: bring the current entry into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route moves aria-current, so the effect re-runs on it
  useEffect(() => {
    const strip = aside.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const offset = current.getBoundingClientRect().left - strip.getBoundingClientRect().left;
    strip.scrollLeft = Math.max(0, strip.scrollLeft + offset - (strip.clientWidth - current.offsetWidth) / 2);
  }, [pathname]);
  const menu = useSectionMenu(personalMenu);
  const enforceGoogle = switchOn(info.switch, 'is_enforce_google_auth') && user?.googleStatus !== 1;
  return (
    <div className={styles.layout}>
      <aside className={styles.aside} ref={aside}>
        <SideMenu {...menu} />
      </aside>
      <main className={styles.main}>
        <header className={styles.head}>
          {back && (
            <Link to={back} className={styles.back}>
              {t('common.back')}
            </Link>
          )}
          <h1>{title}</h1>
        </header>
        {enforceGoogle && !pathname.endsWith('/bindGoogle') && (
          <p className={`${blocks.banner} ${styles.banner}`} role="status">
            {t('personal.enforceGoogle')} <Link to="/personal/bindGoogle">{t('personal.bindNow')}</Link>
          </p>
        )}
        {user ? children(user) : <Spinner label={t('common.loading')} />}
      </main>
    </div>
  );
}
