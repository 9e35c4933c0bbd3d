import type { PublicInfo } from '../api/common.ts';
import type { SiteMode } from './site-mode.ts';

/** Site mode and layout type are operator configuration carried by public info; anything unknown is the default. */
export function siteModeOf(info: PublicInfo): SiteMode {
  const mode = info.siteMode ?? info.switch.siteMode;
  return mode === 'fiat' || mode === 'futures' ? mode : 'standard';
}

export type LayoutType = 1 | 2;

export function layoutTypeOf(info: PublicInfo): LayoutType {
  return String(info.templateLayoutType ?? info.switch.templateLayoutType ?? '1') === '2' ? 2 : 1;
}
