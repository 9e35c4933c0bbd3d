import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './header.module.css';
import type { HeaderLink } from './header-links.ts';

/**
 * The more menu's dropdown: like the design system's DropdownMenu, but it takes the side it opens on, which the
 * 350 px rule chooses (ui's DropdownMenu has no side). Radix handles focus, arrows and Escape.
 */
export function HeaderMenu({
  label,
  trigger,
  children,
  side = 'bottom',
  align = 'end',
  testId,
}: {
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  side?: 'bottom' | 'top' | 'right';
  align?: 'start' | 'end';
  testId?: string;
}) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={styles.trigger} aria-label={label} data-testid={testId}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.panel} side={side} align={align} sideOffset={6} collisionPadding={8}>
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function MenuLinks({ links, label }: { links: HeaderLink[]; label: (key: string) => string }) {
  return links.map((link) => (
    <Menu.Item key={link.key} asChild className={styles.item}>
      {link.to ? <Link to={link.to}>{label(link.key)}</Link> : <a href={link.href}>{label(link.key)}</a>}
    </Menu.Item>
  ));
}
