import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicInfo, Skin } from '../api/common.ts';
import { activeSkin, skinProperties } from './skin.ts';

const skin = (skinId: string, background: string[]): Skin => ({
  skinId,
  skinName: { en_US: skinId },
  mainClor: '#000',
  imgPath: '',
  iconUrl: '',
  imgList: [],
  colorList: [
    { type: 'background', rgba: background },
    { type: 'panel', rgba: ['22', '26', '34', '1'] },
    { type: 'text', rgba: ['230', '232', '236', '1'] },
    { type: 'primary', rgba: ['240', '185', '11', '1'] },
    { type: 'up', rgba: ['14', '203', '129', '1'] },
    { type: 'glow', rgba: ['1', '2', '3', '0.5'] },
  ],
});

const info = (skins: Skin[], def: string) =>
  ({ skin: { default: def, listist: skins, changeSkin: true } }) as unknown as PublicInfo;

describe('skins', () => {
  beforeEach(() => {
    document.cookie = 'skin=; max-age=0; path=/';
  });

  it("puts the operator's colours onto the design tokens", () => {
    const props = skinProperties(skin('dark', ['14', '17', '23', '1']));
    expect(props['--color-bg-0']).toBe('rgba(14, 17, 23, 1)');
    expect(props['--color-brand']).toBe('rgba(240, 185, 11, 1)');
    expect(props['--color-rise']).toBe('rgba(14, 203, 129, 1)');
    expect(props['--skin-glow']).toBe('rgba(1, 2, 3, 0.5)');
    expect(props['color-scheme']).toBe('dark');
    expect(skinProperties(skin('light', ['250', '250', '250', '1']))['color-scheme']).toBe('light');
  });

  it('uses the saved skin, else the default (then saved in the cookie)', () => {
    const skins = [skin('dark', ['0', '0', '0', '1']), skin('light', ['255', '255', '255', '1'])];
    expect(activeSkin(info(skins, 'light'))?.skinId).toBe('light');
    expect(document.cookie).toContain('skin=light');
    document.cookie = 'skin=dark; path=/';
    expect(activeSkin(info(skins, 'light'))?.skinId).toBe('dark');
    document.cookie = 'skin=gone; path=/';
    expect(activeSkin(info(skins, 'dark'))?.skinId).toBe('dark');
  });
});
