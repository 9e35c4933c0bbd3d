import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { switchOn, usePublicInfo } from '../api/common.ts';
import { SectionLayout } from '../ui/section-layout/SectionLayout.tsx';

export interface SectionMenuEntry {
  id: string;
  /** A public-info switch that must be on for the entry to show. */
  switch?: string;
  /** Other pages of the section that light this entry. */
  alsoFor?: RegExp;
}

/**
 * A section's pages (/order/*, /assets/*) in the design system's section layout, with the section menu as router
 * links: entries hidden while their switch is off, the entry of the current page lit.
 */
export function SectionMenuLayout({
  base,
  entries,
  menuLabel,
  entryText,
  title,
  actions,
  children,
}: {
  base: string;
  entries: readonly SectionMenuEntry[];
  menuLabel: string;
  entryText: (id: string) => string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const info = usePublicInfo();
  const { pathname } = useLocation();
  const page = new RegExp(`${base}/([^/?#]+)`).exec(pathname)?.[1] ?? '';
  const active = entries.find((entry) => entry.id === page || entry.alsoFor?.test(page));
  return (
    <SectionLayout
      title={title}
      actions={actions}
      menu={{
        label: menuLabel,
        activeId: active?.id,
        items: entries.map((entry) => ({
          id: entry.id,
          type: 1 as const,
          navText: entryText(entry.id),
          href: `${base}/${entry.id}`,
          display: entry.switch && !switchOn(info.switch, entry.switch) ? 'none' : undefined,
        })),
        renderLink: ({ href, className, children: text, current }) => (
          <Link to={href} className={className} aria-current={current ? 'page' : undefined}>
            {text}
          </Link>
        ),
      }}
    >
      {children}
    </SectionLayout>
  );
}
