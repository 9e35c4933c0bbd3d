/**
 * The left side menu. Props: items [{id, navText, type (1 top, 2 sub: follows its top item), display ('none'
 * hides), iconSvg, activeIconSvg (icons as nodes), href}], activeId, onSelect(item) (items without href are
 * buttons), label (accessible name of the nav), renderLink (to draw links with the router; default <a>).
 */
import type { ReactNode } from 'react';
import styles from './side-menu.module.css';

export interface SideMenuItem {
  id: string;
  navText: ReactNode;
  type: 1 | 2;
  display?: string;
  iconSvg?: ReactNode;
  activeIconSvg?: ReactNode;
  href?: string;
}

export interface SideMenuProps {
  items: SideMenuItem[];
  activeId?: string;
  onSelect?: (item: SideMenuItem) => void;
  label: string;
  renderLink?: (props: { href: string; className: string; children: ReactNode; current: boolean }) => ReactNode;
}

const defaultLink: NonNullable<SideMenuProps['renderLink']> = ({ href, className, children, current }) => (
  <a href={href} className={className} aria-current={current ? 'page' : undefined}>
    {children}
  </a>
);

export function SideMenu({ items, activeId, onSelect, label, renderLink = defaultLink }: SideMenuProps) {
  return (
    <nav aria-label={label} className={styles.menu}>
      <ul className={styles.list}>
        {items
          .filter((item) => item.display !== 'none')
          .map((item) => {
            const active = item.id === activeId;
            const className = [styles.item, item.type === 2 ? styles.sub : styles.top, active && styles.active]
              .filter(Boolean)
              .join(' ');
            const icon = (active && item.activeIconSvg) || item.iconSvg;
            const children = (
              <>
                {icon && (
                  <span className={styles.icon} aria-hidden="true">
                    {icon}
                  </span>
                )}
                <span className={styles.text}>{item.navText}</span>
              </>
            );
            return (
              <li key={item.id} onClickCapture={() => onSelect?.(item)}>
                {item.href ? (
                  renderLink({ href: item.href, className, children, current: active })
                ) : (
                  <button type="button" className={className} aria-current={active ? 'page' : undefined}>
                    {children}
                  </button>
                )}
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
