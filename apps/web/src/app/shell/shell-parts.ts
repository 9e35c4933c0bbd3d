import type { RouteMeta } from '../../routes.tsx';
import type { LayoutType } from '../../state/site-config.ts';

/**
 * Which parts of the shell a route shows, per layout type and the route's meta flags:
 * - layout 1 always has the top bar ('visitLimit' narrows it to logo and language); layout 2 has the left side bar,
 *   a top bar when the route asks for navigation '1', and no header at all when the route sets hideHeade;
 * - 'MandatoryHide' hides the footer in both layouts ('false' keeps it, as does no flag);
 * - footNotMrgin drops the space above the footer (full-height trade screens).
 */
export type HeaderKind = 'top' | 'side' | 'limited' | 'none';

export interface ShellParts {
  header: HeaderKind;
  footer: boolean;
  footerMargin: boolean;
  theme: 'default' | 'homeOther';
}

export function shellParts(meta: RouteMeta, layout: LayoutType): ShellParts {
  const limited = meta.hideHeade === 'visitLimit';
  let header: HeaderKind;
  if (layout === 1) header = limited ? 'limited' : 'top';
  else if (meta.hideHeade) header = 'none';
  else header = meta.navigation === '1' ? 'top' : 'side';
  return {
    header,
    footer: meta.hideFooter !== 'MandatoryHide',
    footerMargin: !meta.footNotMrgin,
    theme: meta.theme ?? 'default',
  };
}

/** The spec redirects an anonymous visitor on a mustLogin route at once, or after 500 ms in layout type 2. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

export function loginRedirectDelay(layout: LayoutType): number {
  return layout === 2 ? LOGIN_REDIRECT_DELAY_MS : 0;
}
