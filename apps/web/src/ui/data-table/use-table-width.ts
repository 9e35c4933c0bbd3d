/**
 * The table's width follows its container's, measured at once and again 2 s after the data changes
 * (shell.md §9): late content such as a scrollbar or loaded fonts changes the room the columns share.
 */
import { type RefObject, useEffect, useState } from 'react';

export const WIDTH_REMEASURE_MS = 2000;

export function useTableWidth(container: RefObject<HTMLElement | null>, dataVersion: unknown): number | undefined {
  const [width, setWidth] = useState<number>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a data change is the very reason to measure again
  useEffect(() => {
    const measure = () => {
      const element = container.current;
      if (element && element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    const timer = setTimeout(measure, WIDTH_REMEASURE_MS);
    window.addEventListener('resize', measure);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', measure);
    };
  }, [container, dataVersion]);
  return width;
}
