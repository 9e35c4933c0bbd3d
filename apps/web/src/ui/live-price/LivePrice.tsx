import Big from 'big.js';
import { useEffect, useRef, useState } from 'react';
import { displayNumber } from '../../markets/market-format.ts';
import styles from './live-price.module.css';

/**
 * A last price coloured by the day's direction (rise/fall from the 24 h change) that flashes briefly up or down when
 * it changes; used by the market list and the home overview. Compared exactly (big.js).
 */
export function LivePrice({ value, direction }: { value: string; direction: 'rise' | 'fall' | 'flat' }) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<'up' | 'down'>();

  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === value) return;
    const move = compare(value, before);
    if (move === 0) return;
    setFlash(move > 0 ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(undefined), 800);
    return () => clearTimeout(timer);
  }, [value]);

  return (
    <span className={styles.price} data-direction={direction} data-flash={flash}>
      {displayNumber(value)}
    </span>
  );
}

function compare(a: string, b: string): number {
  try {
    return new Big(a).cmp(new Big(b));
  } catch {
    return 0;
  }
}
