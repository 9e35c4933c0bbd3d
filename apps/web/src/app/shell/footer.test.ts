import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { footerColumns, footerLinkKind } from './footer-links.ts';
import { FOOTER_WIDGET_DELAY_MS, footerWidgetsWanted, injectFooterWidgets } from './footer-widgets.ts';

describe('footer links', () => {
  it('knows link types 0, 1 and 3 and drops the rest', () => {
    expect(footerLinkKind(0)).toBe('internal');
    expect(footerLinkKind(1)).toBe('external');
    expect(footerLinkKind(3)).toBe('copy');
    expect(footerLinkKind(2)).toBeUndefined();
  });

  const operator = [
    {
      key: 'about',
      title: 'About',
      list: [
        { linkText: 'Us', link: '/footerPage/about', linkType: 0 },
        { linkText: 'Odd', link: 'x', linkType: 2 },
        { linkText: 'mail', link: 'a@b.c', linkType: 3 },
      ],
    },
  ];

  it("uses the operator's columns when the footer switch is on", () => {
    const columns = footerColumns(operator, true, false);
    expect(columns).toHaveLength(1);
    expect(columns?.[0]?.links.map((l) => l.kind)).toEqual(['internal', 'copy']);
  });

  it('falls back to the built-in content links when the switch is off or nothing is configured', () => {
    expect(footerColumns(operator, false, false)?.[0]?.builtIn).toBe(true);
    expect(footerColumns([], true, false)?.flatMap((c) => c.links.map((l) => l.link))).toContain('/noticeInfo');
  });

  it('shows no columns while the switch is on and the list has not answered, built-in ones when it is off', () => {
    expect(footerColumns(undefined, true, true)).toBeUndefined();
    expect(footerColumns(undefined, false, true)?.[0]?.builtIn).toBe(true);
    // A failed list (no longer pending, no data) leaves the built-in footer.
    expect(footerColumns(undefined, true, false)?.[0]?.builtIn).toBe(true);
  });
});

describe('footer widgets', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('wait 2 s, and never load on the multi-chart trade page', () => {
    expect(FOOTER_WIDGET_DELAY_MS).toBe(2000);
    expect(footerWidgetsWanted('<script></script>', '/')).toBe(true);
    expect(footerWidgetsWanted('<script></script>', '/tradeMore')).toBe(false);
    expect(footerWidgetsWanted('  ', '/')).toBe(false);
  });

  it('inject the snippet once, as runnable scripts', () => {
    injectFooterWidgets('<script data-x="1">window.__w = 1</script><span>chat</span>');
    injectFooterWidgets('<script>again</script>');
    const holders = document.querySelectorAll('[data-footer-widgets]');
    expect(holders).toHaveLength(1);
    expect(holders[0]?.querySelector('script')?.getAttribute('data-x')).toBe('1');
  });
});
