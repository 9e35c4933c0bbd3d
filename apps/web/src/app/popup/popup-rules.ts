/**
 * The home pop-up rules (shell.md §4): shown only inside its time window, to its audience (isLogin 1: logged-in
 * users only; 0: everyone), and only while its id + mtime is not in the remembered list. A pop-up edited later
 * (new mtime) shows again.
 */
import type { popupRecord } from '@opex/contract/calls/common';
import type { z } from 'zod';
import { readCookie, writeCookie } from '../../state/cookies.ts';

type PopupRecord = z.infer<typeof popupRecord>;

export const POPUP_COOKIE = 'homePopupSeen';

export function popupKey(popup: Pick<PopupRecord, 'id' | 'mtime'>): string {
  return `${popup.id}_${popup.mtime}`;
}

export function shouldShowPopup(
  popup: Pick<PopupRecord, 'id' | 'mtime' | 'startTime' | 'endTime' | 'isLogin'>,
  nowMs: number,
  isLogin: boolean,
  seen: string[],
): boolean {
  if (nowMs < popup.startTime || nowMs > popup.endTime) return false;
  if (popup.isLogin === 1 && !isLogin) return false;
  return !seen.includes(popupKey(popup));
}

export function readSeenPopups(): string[] {
  try {
    const parsed: unknown = JSON.parse(readCookie(POPUP_COOKIE) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the list short: only the latest 50 remembered pop-ups. */
export function rememberPopup(popup: Pick<PopupRecord, 'id' | 'mtime'>): void {
  const seen = readSeenPopups().filter((k) => k !== popupKey(popup));
  writeCookie(POPUP_COOKIE, JSON.stringify([...seen, popupKey(popup)].slice(-50)));
}
