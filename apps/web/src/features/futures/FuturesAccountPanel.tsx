import type { CallReply } from '@opex/contract/call';
import type { coPublicInfo } from '@opex/contract/calls/co-common';
import { formatAmount } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoAccount } from '../../api/futures.ts';
import { CoTransferDialog } from '../../futures/CoTransferDialog.tsx';
import { type Contract, percentText, signedAmount, toneOf } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import styles from '../../trading/trading.module.css';
import { Button } from '../../ui/button/Button.tsx';

/**
 * The futures account of the contract's margin coin: equity, available, margins, unrealised PnL; Transfer. For a
 * simulated contract, the simulated account, labelled as test funds (nothing moves from it to a real account).
 */
export function FuturesAccountPanel({
  contract,
  catalogue,
  account,
  simulated,
  canTransfer,
}: {
  contract: Contract;
  catalogue: CallReply<typeof coPublicInfo>;
  account: CoAccount | undefined;
  simulated: boolean;
  canTransfer: boolean;
}) {
  const { t } = useTranslation();
  const [transfer, setTransfer] = useState(false);
  const coin = contract.marginCoin;
  const title = t(simulated ? 'futures.account.simTitle' : 'futures.account.title', { coin });
  const digits = contract.coinResultVo.marginCoinPrecision;
  const figures = [
    { key: 'total', value: formatAmount(account?.totalAmount, digits) },
    { key: 'available', value: formatAmount(account?.canUseAmount, digits) },
    { key: 'crossMargin', value: formatAmount(account?.totalMargin, digits) },
    { key: 'isolatedMargin', value: formatAmount(account?.isolateMargin, digits) },
    { key: 'locked', value: formatAmount(account?.lockAmount, digits) },
    {
      key: 'unrealized',
      value: signedAmount(account?.unRealizedAmount, digits),
      direction: toneOf(account?.unRealizedAmount),
    },
    { key: 'marginRate', value: percentText(account?.totalMarginRate, 2) },
  ];
  return (
    <section className={own.panel} aria-label={title} data-simulated={simulated || undefined}>
      <div className={styles.formLine}>
        <h3>{title}</h3>
        {canTransfer && (
          <Button variant="text" onClick={() => setTransfer(true)}>
            {t('futures.transfer.title')}
          </Button>
        )}
      </div>
      {simulated && (
        <p className={own.simNote} data-testid="co-account-sim-note">
          {t('futures.account.simNote')}
        </p>
      )}
      <dl className={own.figures}>
        {figures.map((f) => (
          <div key={f.key}>
            <dt>{t(`futures.account.${f.key}`)}</dt>
            <dd data-direction={f.direction} data-testid={`co-account-${f.key}`}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      {transfer && (
        <CoTransferDialog
          contracts={catalogue.contractList}
          coins={catalogue.marginCoinList}
          coin={coin}
          onClose={() => setTransfer(false)}
        />
      )}
    </section>
  );
}
