import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { switchOn, usePublicInfo } from '../api/common.ts';
import { type Product, productBuilt } from '../products/products.ts';
import { SectionLayout } from '../ui/section-layout/SectionLayout.tsx';
import type { SideMenuProps } from '../ui/side-menu/SideMenu.tsx';

export interface SectionMenuEntry {
  id: string;
  /** A public-info switch that must be on for the entry to show. */
  switch?: string;
  /** The product the entry's page belongs to: an entry of a product not built is left out. */
  product?: Product;
  /** Other pages of the section that light this entry. */
  alsoFor?: RegExp;
}

/** A section's menu as data: its pages live at `${base}/${entry.id}`, each entry's text at `${textKeys}.${id}`. */
export interface SectionMenu {
  base: string;
  /** The message key of the menu's accessible name. */
  labelKey: string;
  textKeys: string;
  entries: readonly SectionMenuEntry[];
}

/** The entry a path such as /assets/recharge lights: its own, or the one that stands for that page. */
export function activeEntry(menu: SectionMenu, pathname: string): SectionMenuEntry | undefined {
  const page = new RegExp(`${menu.base}/([^/?#]+)`).exec(pathname)?.[1] ?? '';
  return menu.entries.find((entry) => entry.id === page || entry.alsoFor?.test(page));
}

/** The entries a section shows: those of built products whose switch (if any) is on. */
export function visibleEntries(menu: SectionMenu, switches: Record<string, unknown>): SectionMenuEntry[] {
  return menu.entries.filter(
    (entry) => productBuilt(entry.product) && (!entry.switch || switchOn(switches, entry.switch)),
  );
}

/** A section's side menu as router links: the visible entries, the entry of the current page lit. */
export function useSectionMenu(menu: SectionMenu): SideMenuProps {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const { pathname } = useLocation();
  return {
    label: t(menu.labelKey),
    activeId: activeEntry(menu, pathname)?.id,
    items: visibleEntries(menu, info.switch).map((entry) => ({
      id: entry.id,
      type: 1 as const,
      navText: t(`${menu.textKeys}.${entry.id}`),
      href: `${menu.base}/${entry.id}`,
    })),
    renderLink: ({ href, className, children: text, current }) => (
      <Link to={href} className={className} aria-current={current ? 'page' : undefined}>
        {text}
      </Link>
    ),
  };
}

/** A section's pages (/order/*, /assets/*) in the design system's section layout, with the section's menu. */
export function SectionMenuLayout({
  menu,
  title,
  actions,
  children,
}: {
  menu: SectionMenu;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionLayout title={title} actions={actions} menu={useSectionMenu(menu)}>
      {children}
    </SectionLayout>
  );
}
