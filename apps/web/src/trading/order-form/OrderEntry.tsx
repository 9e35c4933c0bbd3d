import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedTab } from '../../ui/tabs/Tabs.tsx';
import styles from '../trading.module.css';

export type EntrySide = 'BUY' | 'SELL';

export interface OrderEntryProps<Kind extends string> {
  /** The order types the product offers, named by trade.form.<kind>. */
  kinds: readonly Kind[];
  kind: Kind;
  onKindChange: (kind: Kind) => void;
  /** Beside the type tabs: the market's trading rules. */
  rules: ReactNode;
  /** A phone shows one side at a time, chosen by its own tabs. */
  phone: boolean;
  phoneSide: EntrySide;
  onPhoneSideChange: (side: EntrySide) => void;
  /** The product's form for one side. */
  form: (side: EntrySide) => ReactNode;
}

/**
 * The order entry's frame, shared by the pages that trade (spot now, margin and futures later): the order type tabs,
 * the rules beside them, and a buy and a sell form (one side at a time on a phone). The forms are the product's own.
 */
export function OrderEntry<Kind extends string>(props: OrderEntryProps<Kind>) {
  const { t } = useTranslation();
  return (
    <section className={styles.entry} aria-label={t('trade.form.label')}>
      <div className={styles.panelBar}>
        <SegmentedTab
          label={t('trade.form.kind')}
          value={props.kind}
          onValueChange={(k) => props.onKindChange(k as Kind)}
          items={props.kinds.map((k) => ({ key: k, name: t(`trade.form.${k}`) }))}
        />
        {props.rules}
        {props.phone && (
          <SegmentedTab
            label={t('trade.form.side')}
            value={props.phoneSide}
            onValueChange={(s) => props.onPhoneSideChange(s as EntrySide)}
            items={[
              { key: 'BUY', name: t('trade.orders.buy') },
              { key: 'SELL', name: t('trade.orders.sell') },
            ]}
          />
        )}
      </div>
      <div className={styles.forms}>
        {props.phone ? props.form(props.phoneSide) : [props.form('BUY'), props.form('SELL')]}
      </div>
    </section>
  );
}
