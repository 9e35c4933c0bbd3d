import type { ChartOptions, ColorType, DeepPartial } from 'lightweight-charts';

/** A skin token's value as the element sees it (lightweight-charts draws on a canvas and takes colours only). */
export const token = (el: HTMLElement, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

/**
 * The app's charts' frame in the skin's colours: background, text, grid and scales. `solid` is the library's
 * ColorType.Solid, passed in since the library itself loads late, in a chunk of its own.
 */
export function chartTheme(el: HTMLElement, solid: ColorType.Solid): DeepPartial<ChartOptions> {
  const line = token(el, '--color-line');
  return {
    autoSize: true,
    layout: {
      background: { type: solid, color: token(el, '--color-bg-1') },
      textColor: token(el, '--color-text-2'),
      fontSize: 11,
      attributionLogo: false,
    },
    grid: { vertLines: { color: line }, horzLines: { color: line } },
    rightPriceScale: { borderColor: line },
    timeScale: { borderColor: line, timeVisible: true },
  };
}
