import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type SectionMenuEntry, SectionMenuLayout } from '../../lib/SectionMenuLayout.tsx';

/** The order centre's menu: spot, P2P, margin (with leverage on) and futures orders. */
const entries: readonly SectionMenuEntry[] = [
  { id: 'exchangeOrder' },
  { id: 'otcOrder' },
  { id: 'leverageOrder', switch: 'lever_open' },
  { id: 'coOrder' },
];

export function OrdersLayout({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SectionMenuLayout
      base="/order"
      entries={entries}
      menuLabel={t('nav.orders')}
      entryText={(id) => t(`orderCenter.menu.${id}`)}
      title={title}
      actions={actions}
    >
      {children}
    </SectionMenuLayout>
  );
}
