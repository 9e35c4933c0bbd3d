/**
 * Windowing for long tables: only the rows in view (plus a margin) are in the DOM; spacer rows keep the scroll
 * height. Rows have the fixed height --row-height, so positions are arithmetic.
 */
import { useState } from 'react';

/** Must equal --row-height in tokens.css: the scroll offset arrives in pixels. */
export const ROW_HEIGHT_PX = 50;
const OVERSCAN = 10;

export function useRowWindow(rowCount: number, lines: number, enabled: boolean) {
  const [scrollTop, setScrollTop] = useState(0);
  if (!enabled) return { start: 0, end: rowCount, onScroll: undefined };
  const first = Math.floor(scrollTop / ROW_HEIGHT_PX);
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(rowCount, first + lines + OVERSCAN);
  return {
    start,
    end,
    onScroll: (event: { currentTarget: HTMLElement }) => setScrollTop(event.currentTarget.scrollTop),
  };
}
