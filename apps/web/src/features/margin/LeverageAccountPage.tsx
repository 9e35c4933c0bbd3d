import { leverFinanceBalance } from '@opex/contract/calls/lever';
import { coinDigits } from '@opex/contract/display';
import { useTranslation } from 'react-i18next';
import { usePublicInfo } from '../../api/common.ts';
import { useCallQuery } from '../../api/query.ts';
import { MarginPairCard } from '../../margin/MarginPairCard.tsx';
import styles from '../../margin/margin.module.css';
import { marginAmount } from '../../margin/margin-account.ts';
import { useMarginActions } from '../../margin/margin-actions.tsx';
import { assetsMenu } from '../../section-menus/assets-menu.ts';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';

/**
 * /assets/leverageAccount: every margin pair of the user (lever/finance/balance), their total net value, and per pair
 * its account (balances, debt, risk) with Transfer / Borrow / Repay / Trade. Pushes make it stale (user-streams.ts).
 */
export default function LeverageAccountPage() {
  const { t } = useTranslation();
  const coinList = usePublicInfo().market.coinList;
  const balance = useCallQuery(leverFinanceBalance, {});
  const actions = useMarginActions();
  const pairs = Object.values(balance.data?.leverMap ?? {});
  return (
    <SectionMenuLayout menu={assetsMenu} title={t('assetAccounts.menu.leverageAccount')}>
      <div className={styles.summary}>
        <span className={styles.summaryLabel}>{t('margin.account.totalNet')}</span>
        <span className={styles.summaryValue} data-testid="margin-total">
          {balance.data
            ? marginAmount(
                balance.data.totalBalance,
                coinDigits(coinList, balance.data.totalBalanceSymbol, 8),
                balance.data.totalBalanceSymbol,
              )
            : '--'}
        </span>
      </div>
      {balance.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : pairs.length === 0 ? (
        <p>{t('margin.account.none')}</p>
      ) : (
        <div className={styles.pairs}>
          {pairs.map((pair) => (
            <div key={String(pair.symbol)} className={styles.pairCard}>
              <MarginPairCard pair={pair} onAction={actions.open} trade headingLevel={2} />
            </div>
          ))}
        </div>
      )}
      {actions.dialog}
    </SectionMenuLayout>
  );
}
