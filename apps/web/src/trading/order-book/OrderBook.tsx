import type { DepthRow } from '@opex/contract/realtime';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Direction, formatAt } from '../../markets/trade-format.ts';
import { VisuallyHidden } from '../../ui/visually-hidden/VisuallyHidden.tsx';
import styles from '../trading.module.css';
import { type BookLevel, bookLevels, changedPrices, stepDecimals } from './book-levels.ts';
import { useFittedRows } from './use-fitted-rows.ts';

export interface OrderBookProps {
  asks: readonly DepthRow[];
  buys: readonly DepthRow[];
  /** Levels shown a side until the panel is measured; then as many as fit its height. */
  rows: number;
  pricePrecision: number;
  volumePrecision: number;
  /** The market's merge steps ("0.01", "0.1", "1") and the chosen one's index. */
  steps: string[];
  step: number;
  onStepChange: (step: number) => void;
  /** The operator's trade_depth_is_flash switch: changed levels flash. */
  flash: boolean;
  last: { price: string | undefined; direction: Direction };
  /** A click on a level offers its price to the order form. */
  onPickPrice: (price: string) => void;
}

/** Levels whose volume changed since the previous snapshot of the same side. */
function useChanged(rows: readonly DepthRow[], step: number): Set<string> {
  const previous = useRef<{ rows: readonly DepthRow[]; step: number }>(undefined);
  // A new merge step is a new book, not a change: nothing flashes then.
  const changed = useMemo(() => {
    const before = previous.current;
    return before?.step === step ? changedPrices(before.rows, rows) : new Set<string>();
  }, [rows, step]);
  useEffect(() => {
    previous.current = { rows, step };
  }, [rows, step]);
  return changed;
}

/**
 * Asks above, bids below, the last price between; each level's running total drawn as a bar. As many levels a side
 * as fit the panel's height.
 */
export function OrderBook(props: OrderBookProps) {
  const { t } = useTranslation();
  const { asks, buys, steps, step, flash } = props;
  const box = useRef<HTMLDivElement>(null);
  const between = useRef<HTMLParagraphElement>(null);
  const rows = useFittedRows(box, between, props.rows);
  const levels = bookLevels(asks, buys, rows);
  const changedAsks = useChanged(asks, step);
  const changedBuys = useChanged(buys, step);
  const priceDecimals = Math.min(props.pricePrecision, stepDecimals(steps[step] ?? '0'));
  const line = (side: 'sell' | 'buy', changed: Set<string>) => (level: BookLevel) => (
    <li key={level.price}>
      <button
        type="button"
        className={styles.bookRow}
        data-side={side}
        style={{ '--share': level.share } as React.CSSProperties}
        onClick={() => props.onPickPrice(level.price)}
        aria-label={t('trade.book.level', {
          price: formatAt(level.price, priceDecimals),
          amount: formatAt(level.vol, props.volumePrecision),
          total: formatAt(level.total, props.volumePrecision),
        })}
      >
        {flash && changed.has(level.price) && <i key={level.vol} className={styles.flash} aria-hidden="true" />}
        <span className={styles.price}>{formatAt(level.price, priceDecimals)}</span>
        <span className={styles.num}>{formatAt(level.vol, props.volumePrecision)}</span>
        <span className={styles.num}>{formatAt(level.total, props.volumePrecision)}</span>
      </button>
    </li>
  );
  return (
    <section className={styles.book} aria-label={t('trade.book.label')}>
      <div className={styles.panelBar}>
        <h2>{t('trade.book.title')}</h2>
        <label className={styles.stepPicker}>
          <VisuallyHidden>{t('trade.book.step')}</VisuallyHidden>
          <select value={step} onChange={(e) => props.onStepChange(Number(e.target.value))}>
            {steps.map((s, i) => (
              <option key={s} value={i}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.bookHead} aria-hidden="true">
        <span>{t('trade.book.price')}</span>
        <span>{t('trade.book.amount')}</span>
        <span>{t('trade.book.total')}</span>
      </div>
      <div ref={box} className={styles.bookLevels} data-rows={rows}>
        <ol className={styles.asks} aria-label={t('trade.book.asks')}>
          {levels.asks.map(line('sell', changedAsks)).reverse()}
        </ol>
        <p ref={between} className={styles.bookLast} data-direction={props.last.direction}>
          <VisuallyHidden>{t('trade.header.last')} </VisuallyHidden>
          {formatAt(props.last.price, props.pricePrecision)}
        </p>
        <ol className={styles.buys} aria-label={t('trade.book.bids')}>
          {levels.buys.map(line('buy', changedBuys))}
        </ol>
      </div>
    </section>
  );
}
