import { beforeEach, describe, expect, it } from 'vitest';
import { popupKey, readSeenPopups, rememberPopup, shouldShowPopup } from './popup-rules.ts';

const popup = { id: 7, mtime: 1000, startTime: 100, endTime: 200, isLogin: 0 };

describe('home pop-up rules', () => {
  beforeEach(() => {
    document.cookie = 'homePopupSeen=; max-age=0; path=/';
  });

  it('shows only inside the time window', () => {
    expect(shouldShowPopup(popup, 99, false, [])).toBe(false);
    expect(shouldShowPopup(popup, 100, false, [])).toBe(true);
    expect(shouldShowPopup(popup, 200, false, [])).toBe(true);
    expect(shouldShowPopup(popup, 201, false, [])).toBe(false);
  });

  it('keeps isLogin 1 pop-ups for logged-in users', () => {
    expect(shouldShowPopup({ ...popup, isLogin: 1 }, 150, false, [])).toBe(false);
    expect(shouldShowPopup({ ...popup, isLogin: 1 }, 150, true, [])).toBe(true);
  });

  it('remembers id plus mtime in a cookie, and shows an edited pop-up again', () => {
    rememberPopup(popup);
    const seen = readSeenPopups();
    expect(seen).toEqual([popupKey(popup)]);
    expect(document.cookie).toContain('homePopupSeen=');
    expect(shouldShowPopup(popup, 150, false, seen)).toBe(false);
    expect(shouldShowPopup({ ...popup, mtime: 2000 }, 150, false, seen)).toBe(true);
  });

  it('survives a damaged cookie', () => {
    document.cookie = 'homePopupSeen=not-json; path=/';
    expect(readSeenPopups()).toEqual([]);
  });
});
