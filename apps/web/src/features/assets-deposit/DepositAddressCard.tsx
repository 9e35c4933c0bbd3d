import type { depositChain, depositCoin } from '@opex/contract/calls/deposit';
import { groupThousands } from '@opex/contract/display';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDepositAddress } from '../../api/deposit.ts';
import { copyText } from '../../browser/clipboard.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/button/Button.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { QrCode } from '../../ui/qr-overlay/QrOverlay.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import styles from './deposit.module.css';

/**
 * The trader's address on the chosen chain: QR code, the address to copy, the memo with its warning where the
 * chain needs one, the minimum and the confirmations. Never a blank address: closed deposits, a failed generation
 * and a failed call each say so, with a retry where retrying can help.
 */
export function DepositAddressCard({
  coin,
  chain,
}: {
  coin: z.output<typeof depositCoin>;
  chain: z.output<typeof depositChain>;
}) {
  const { t } = useTranslation();
  const open = coin.depositOpen === 1;
  const address = useDepositAddress({ symbol: coin.symbol, chain: chain.chain }, open);
  const facts = [
    [t('deposit.minimum'), `${groupThousands(chain.minDeposit)} ${coin.symbol}`],
    [t('deposit.confirmations'), t('deposit.confirmationsValue', { n: chain.confirmations })],
  ] as const;

  const body = () => {
    if (!open) return <p className={blocks.banner}>{t('deposit.closed', { coin: coin.symbol })}</p>;
    if (address.isPending) return <Spinner size="l" label={t('deposit.generating')} />;
    if (address.isError || address.data.state === 'failed') {
      const reason = address.isError
        ? errorText(t, address.error)
        : t(`deposit.failure.${address.data.error || 'bad_xpub'}`);
      return (
        <div className={styles.failure} role="alert">
          <p>{t('deposit.failed', { reason })}</p>
          <Button variant="ghost" size="m" loading={address.isFetching} onClick={() => void address.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
    }
    const { data } = address;
    return (
      <>
        <div className={styles.addressBox}>
          <QrCode value={data.address} label={t('deposit.qrLabel', { coin: coin.symbol, chain: chain.name })} />
          <div className={styles.addressText}>
            <span className={blocks.hint}>{t('deposit.address')}</span>
            <code className={styles.mono} data-testid="deposit-address">
              {data.address}
            </code>
            <CopyValue value={data.address} label={t('deposit.copyAddress')} />
          </div>
        </div>
        {data.needMemo === 1 && (
          <div className={styles.memoBox}>
            <p className={blocks.banner} role="note">
              {t('deposit.memoWarning', { coin: coin.symbol })}
            </p>
            <span className={blocks.hint}>{t('deposit.memo')}</span>
            <div className={styles.memoRow}>
              <code className={styles.memoValue} data-testid="deposit-memo">
                {data.memo}
              </code>
              <CopyValue value={data.memo} label={t('deposit.copyMemo')} />
            </div>
          </div>
        )}
      </>
    );
  };

  return (
    <div className={styles.card}>
      {body()}
      <dl className={blocks.summary}>
        {facts.map(([name, value]) => (
          <div key={name} className={blocks.summaryRow}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={blocks.hint}>{t('deposit.onlyThis', { coin: coin.symbol, chain: chain.name })}</p>
    </div>
  );
}

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <Button
      variant="ghost"
      size="m"
      aria-label={label}
      onClick={async () =>
        (await copyText(value)) ? toast.success(t('deposit.copied')) : toast.error(t('error.unknown'))
      }
    >
      {t('deposit.copy')}
    </Button>
  );
}
