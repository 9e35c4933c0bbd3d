import type { LeverPair } from '@opex/contract/calls/lever';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicInfo } from '../api/common.ts';
import { findMarket, marketPath } from '../markets/market-symbol.ts';
import { Button } from '../ui/button/Button.tsx';
import styles from './margin.module.css';
import { marginAmount, marginCoins, optionalText, riskText, riskTone } from './margin-account.ts';
import type { MarginAction } from './margin-actions.tsx';

/** The figures of each coin, in the order shown, by their locale key (margin.field.<key>). */
const figures = [
  'total',
  'available',
  'locked',
  'borrowed',
  'interest',
  'totalBorrow',
  'canBorrow',
  'canTransfer',
] as const;

/**
 * One pair's margin account: its leverage, risk rate (coloured by the pair's lines), liquidation and index prices,
 * each coin's balances, debt and what may be borrowed or moved out, and the Transfer / Borrow / Repay actions (and
 * Trade, off the trade page). Used by the margin trade page and /assets/leverageAccount.
 */
export function MarginPairCard({
  pair,
  onAction,
  trade,
  liquidated,
  headingLevel = 2,
}: {
  pair: LeverPair;
  onAction: (action: MarginAction) => void;
  /** Link to the pair's margin trade page. */
  trade?: boolean;
  /** The server just liquidated this account (a user_margin_risk push). */
  liquidated?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const coins = marginCoins(pair);
  const symbol = String(pair.symbol);
  const name = String(pair.name);
  const tone = riskTone(String(pair.riskRate), {
    warnRate: String(pair.warnRate),
    transferRate: String(pair.transferRate),
    liquidationRate: String(pair.liquidationRate),
  });
  const [base, quote] = coins;
  // Prices at the market's price decimals (the quote coin's when the market is unknown).
  const market = findMarket(usePublicInfo().market.market, symbol);
  const priceDigits = market?.entry.price ?? Math.min(8, quote.precision);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={styles.panel}
      aria-label={t('margin.panel.label', { pair: name })}
      data-testid={`margin-pair-${symbol}`}
    >
      <div className={styles.panelHead}>
        <Heading>{t('margin.panel.title', { pair: name })}</Heading>
        <span className={styles.multiple} title={t('margin.panel.multiple')}>
          {`${pair.multiple}x`}
        </span>
      </div>
      {liquidated && (
        <p className={styles.liquidated} role="alert" data-testid="margin-liquidated">
          {t('margin.panel.liquidated')}
        </p>
      )}
      <dl className={styles.risk}>
        <div>
          <dt>{t('margin.panel.riskRate')}</dt>
          <dd data-risk={tone} data-testid="risk-rate">
            {riskText(String(pair.riskRate))}
          </dd>
        </div>
        <div>
          <dt>{t('margin.panel.burstPrice')}</dt>
          <dd data-testid="burst-price">{optionalText(String(pair.burstPrice), priceDigits)}</dd>
        </div>
        <div>
          <dt>{t('margin.panel.indexPrice')}</dt>
          <dd data-testid="index-price">{optionalText(String(pair.indexPrice), priceDigits)}</dd>
        </div>
      </dl>
      <table className={styles.coins}>
        <thead>
          <tr>
            <td />
            <th scope="col">{base.coin}</th>
            <th scope="col">{quote.coin}</th>
          </tr>
        </thead>
        <tbody>
          {figures.map((figure) => (
            <tr key={figure}>
              <th scope="row">{t(`margin.field.${figure}`)}</th>
              {coins.map((coin) => (
                <td key={coin.side} data-testid={`${figure}-${coin.coin}`}>
                  {marginAmount(coin[figure], coin.precision)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.actions}>
        <Button variant="ghost" size="s" onClick={() => onAction({ kind: 'transfer', symbol })}>
          {t('margin.action.transfer')}
        </Button>
        <Button variant="ghost" size="s" onClick={() => onAction({ kind: 'borrow', symbol })}>
          {t('margin.action.borrow')}
        </Button>
        <Button variant="ghost" size="s" onClick={() => onAction({ kind: 'repay', symbol })}>
          {t('margin.action.repay')}
        </Button>
        {trade && (
          <Link className={styles.tradeLink} to={`/margin/${marketPath(name)}`}>
            {t('margin.action.trade')}
          </Link>
        )}
      </div>
    </section>
  );
}
