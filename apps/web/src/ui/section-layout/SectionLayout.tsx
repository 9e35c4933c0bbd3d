/**
 * A section's frame (orders, assets): the section's side menu beside the page, which has a title, optional actions
 * on the right and its body. On narrow screens the menu becomes a scrolling strip above the page.
 * Props: menu (SideMenu's props), title, actions, children. `sectionClasses` style what section pages put inside:
 * `filters` (a wrapping row of history filters), `check` (a checkbox among them) and `actionLink` (a link drawn as a ghost button, for actions).
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { SideMenu, type SideMenuProps } from '../side-menu/SideMenu.tsx';
import styles from './section-layout.module.css';

export const sectionClasses = { filters: styles.filters, actionLink: styles.actionLink, check: styles.check };

export interface SectionLayoutProps {
  menu: SideMenuProps;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

export function SectionLayout({ menu, title, actions, children }: SectionLayoutProps) {
  const aside = useRef<HTMLElement>(null);
  // On a phone the menu is a strip that scrolls sideways: bring the current page's entry into view.
  useEffect(() => {
    if (menu.activeId === undefined) return;
    aside.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [menu.activeId]);
  return (
    <div className={styles.layout}>
      <aside className={styles.aside} ref={aside}>
        <SideMenu {...menu} />
      </aside>
      <main className={styles.main}>
        <header className={styles.head}>
          <h1>{title}</h1>
          {actions && <div className={styles.actions}>{actions}</div>}
        </header>
        {children}
      </main>
    </div>
  );
}
