import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import styles from '../../trading/trading.module.css';
import { POPUP_GAP_PX } from '../../ui/popup-gap.ts';
import surface from '../../ui/surface/surface.module.css';
import type { MarketRules } from './order-form.ts';
import { type FeeRates, tradingRules } from './order-terms.ts';

/** The market's trading rules (steps, minimums, fee rates) in a small popover beside the order type tabs. */
export function TradingRules({
  rules,
  fees,
  base,
  quote,
}: {
  rules: MarketRules;
  fees: FeeRates;
  base: string;
  quote: string;
}) {
  const { t } = useTranslation();
  const unit = { base, quote } as const;
  return (
    <Popover.Root>
      <Popover.Trigger className={`${surface.bareButton} ${styles.rulesButton}`}>
        {t('trade.rules.title')}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={`${surface.popup} ${styles.rules}`} align="end" sideOffset={POPUP_GAP_PX}>
          <dl aria-label={t('trade.rules.title')}>
            {tradingRules(rules, fees).map((line) => (
              <div key={line.key}>
                <dt>{t(`trade.rules.${line.key}`)}</dt>
                <dd>
                  {line.value}
                  {line.unit === 'percent' ? '%' : ` ${unit[line.unit]}`}
                </dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
