import type { PublicInfo, Skin } from '../api/common.ts';
import { readCookie, writeCookie } from '../state/cookies.ts';

/**
 * Skins come from public info; the chosen one lives in a cookie. Its colours become CSS custom properties over the
 * design tokens, so a skin restyles the app without new CSS. (mainClor is the skin's own colour, shown as its swatch.)
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

/** The operator's colour types and the design tokens each one sets. */
const tokenOf: Record<string, string[]> = {
  background: ['--color-bg-0'],
  panel: ['--color-bg-1'],
  border: ['--color-line'],
  text: ['--color-text-1'],
  textMuted: ['--color-text-2'],
  primary: ['--color-brand'],
  up: ['--color-rise'],
  down: ['--color-fall'],
};

function rgba(values: (string | number)[]): string | undefined {
  const [r, g, b, a = 1] = values.map(Number);
  if ([r, g, b, a].some((n) => n === undefined || !Number.isFinite(n))) return undefined;
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}

/** Perceived lightness 0..255, to tell a light skin from a dark one. */
function lightness(values: (string | number)[]): number {
  const [r = 0, g = 0, b = 0] = values.map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/**
 * The custom properties a skin sets: its named colours onto the tokens, unknown ones as --skin-<type>, and the
 * raised surfaces and faint text mixed from them, so a light skin is light throughout.
 */
export function skinProperties(skin: Skin): Record<string, string> {
  const props: Record<string, string> = {};
  const byType = new Map<string, string>();
  for (const colour of skin.colorList) {
    if (!/^[\w-]{1,40}$/.test(colour.type)) continue;
    const value = rgba(colour.rgba);
    if (!value) continue;
    byType.set(colour.type, value);
    for (const token of tokenOf[colour.type] ?? [`--skin-${colour.type}`]) props[token] = value;
  }
  const panel = byType.get('panel');
  const text = byType.get('text');
  const background = byType.get('background');
  if (panel && text) {
    props['--color-bg-2'] = `color-mix(in srgb, ${panel} 92%, ${text})`;
    props['--color-bg-3'] = `color-mix(in srgb, ${panel} 84%, ${text})`;
  }
  if (background && byType.has('textMuted')) {
    props['--color-text-3'] = `color-mix(in srgb, ${byType.get('textMuted')} 60%, ${background})`;
  }
  if (byType.has('primary')) props['--color-brand-hover'] = `color-mix(in srgb, ${byType.get('primary')} 85%, white)`;
  const bg = skin.colorList.find((c) => c.type === 'background');
  if (bg) {
    const light = lightness(bg.rgba) > 128;
    props['color-scheme'] = light ? 'light' : 'dark';
    props['--color-on-brand'] = light ? '#ffffff' : (background as string);
    if (light) props['--color-shadow'] = 'rgb(0 0 0 / 12%)';
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
