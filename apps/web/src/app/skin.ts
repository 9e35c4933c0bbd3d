import type { PublicInfo, Skin } from '../api/common.ts';
import { readCookie, writeCookie } from '../state/cookies.ts';

/**
 * Skins come from public info; the chosen one lives in a cookie. Its colours become CSS custom properties
 * over the design tokens (mainClor -> --color-brand, each colorList entry -> --color-<type>), so a skin restyles
 * the app without new CSS.
 */
export const SKIN_COOKIE = 'skin';

export function skinList(info: PublicInfo): Skin[] {
  return info.skin?.listist ?? [];
}

/** The saved skin when it still exists, else the site default (saved, so the next visit starts from it). */
export function activeSkin(info: PublicInfo): Skin | undefined {
  const skins = skinList(info);
  const saved = readCookie(SKIN_COOKIE);
  const found = skins.find((s) => s.skinId === saved);
  if (found) return found;
  const fallback = skins.find((s) => s.skinId === info.skin?.default) ?? skins[0];
  if (fallback && saved !== fallback.skinId) writeCookie(SKIN_COOKIE, fallback.skinId);
  return fallback;
}

export function skinProperties(skin: Skin): Record<string, string> {
  const props: Record<string, string> = {};
  if (skin.mainClor) props['--color-brand'] = skin.mainClor;
  for (const colour of skin.colorList ?? []) {
    if (!/^[\w-]{1,40}$/.test(colour.type)) continue;
    const [r, g, b, a = 1] = colour.rgba;
    props[`--color-${colour.type}`] = `rgba(${r}, ${g}, ${b}, ${a})`;
  }
  return props;
}

export function applySkin(skin: Skin | undefined, root: HTMLElement = document.documentElement): void {
  if (!skin) return;
  root.dataset.skin = skin.skinId;
  for (const [name, value] of Object.entries(skinProperties(skin))) root.style.setProperty(name, value);
}

export function skinLabel(skin: Skin, lang: string): string {
  return skin.skinName[lang] ?? skin.skinName.en_US ?? skin.skinId;
}
