import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * How many rows a side fit in `box`, sides split evenly around `between` (the book's last price): rows are the
 * design token --row-height-dense tall. Measured again whenever the box changes size; `fallback` until it has a
 * height (the first render, or a test without layout).
 */
export function useFittedRows(
  box: RefObject<HTMLElement | null>,
  between: RefObject<HTMLElement | null>,
  fallback: number,
): number {
  const [rows, setRows] = useState(fallback);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const row = Number.parseFloat(getComputedStyle(el).getPropertyValue('--row-height-dense'));
      const room = el.clientHeight - (between.current?.offsetHeight ?? 0);
      if (row > 0 && room > 0) setRows(Math.max(1, Math.floor(room / 2 / row)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, between]);
  return rows;
}
