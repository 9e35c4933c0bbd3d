import { describe, expect, it } from 'vitest';
import { LOGIN_REDIRECT_DELAY_MS, loginRedirectDelay, shellParts } from './shell-parts.ts';

describe('shell parts per layout and meta', () => {
  it('layout 1 always has the top bar, narrowed on visitLimit', () => {
    expect(shellParts({}, 1).header).toBe('top');
    expect(shellParts({ hideHeade: true }, 1).header).toBe('top');
    expect(shellParts({ hideHeade: 'visitLimit' }, 1).header).toBe('limited');
  });

  it('layout 2 has the side bar, a top bar for navigation 1, and none when the route hides it', () => {
    expect(shellParts({}, 2).header).toBe('side');
    expect(shellParts({ navigation: '1' }, 2).header).toBe('top');
    expect(shellParts({ hideHeade: true }, 2).header).toBe('none');
    expect(shellParts({ hideHeade: 'visitLimit' }, 2).header).toBe('none');
  });

  it('hides the footer only on MandatoryHide, in both layouts', () => {
    for (const layout of [1, 2] as const) {
      expect(shellParts({}, layout).footer).toBe(true);
      expect(shellParts({ hideFooter: 'false' }, layout).footer).toBe(true);
      expect(shellParts({ hideFooter: 'MandatoryHide' }, layout).footer).toBe(false);
    }
  });

  it('carries footNotMrgin and the homeOther theme', () => {
    expect(shellParts({ footNotMrgin: true }, 1).footerMargin).toBe(false);
    expect(shellParts({}, 1).footerMargin).toBe(true);
    expect(shellParts({ theme: 'homeOther' }, 2).theme).toBe('homeOther');
  });

  it('redirects to login at once in layout 1 and after 500 ms in layout 2', () => {
    expect(LOGIN_REDIRECT_DELAY_MS).toBe(500);
    expect(loginRedirectDelay(1)).toBe(0);
    expect(loginRedirectDelay(2)).toBe(500);
  });
});
