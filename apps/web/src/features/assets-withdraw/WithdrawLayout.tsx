import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SectionLayout } from '../../ui/section-layout/SectionLayout.tsx';

/** The frame of the withdraw and address-book pages: a menu back to the account, the history and each other. */
const menu = ['exchangeAccount', 'recharge', 'withdraw', 'addressMent', 'flowingWater'] as const;

export function WithdrawLayout({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const activeId = menu.find((id) => pathname.endsWith(`/assets/${id}`)) ?? '';
  return (
    <SectionLayout
      title={title}
      actions={actions}
      menu={{
        label: t('withdraw.menu.label'),
        activeId,
        items: menu.map((id) => ({ id, type: 1 as const, navText: t(`withdraw.menu.${id}`), href: `/assets/${id}` })),
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
