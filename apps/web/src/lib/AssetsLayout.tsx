import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type SectionMenuEntry, SectionMenuLayout } from './SectionMenuLayout.tsx';

/**
 * The assets section's menu, shared by the account, deposit, withdraw, address-book and history pages: the account
 * pages (margin and fiat only with their switches), moving coins in and out, and the history.
 */
const entries: readonly SectionMenuEntry[] = [
  { id: 'exchangeAccount' },
  { id: 'otcAccount' },
  { id: 'coAccount' },
  { id: 'leverageAccount', switch: 'lever_open' },
  { id: 'b2cAccount', switch: 'fiat_open' },
  { id: 'recharge' },
  { id: 'withdraw' },
  { id: 'addressMent' },
  { id: 'flowingWater', alsoFor: /FlowingWater$/ },
];

export function AssetsLayout({
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
      base="/assets"
      entries={entries}
      menuLabel={t('nav.assets')}
      entryText={(id) => t(`assetAccounts.menu.${id}`)}
      title={title}
      actions={actions}
    >
      {children}
    </SectionMenuLayout>
  );
}
