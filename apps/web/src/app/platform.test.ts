import { describe, expect, it } from 'vitest';
import { basenameFrom } from './basename.ts';
import { detectPlatform, mobileRedirectTarget } from './platform.ts';
import { pageTitle } from './shell/page-title.ts';

const ua = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  pc: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
};

describe('platform detection', () => {
  it('tells phone, tablet, Android and PC apart', () => {
    expect(detectPlatform(ua.iphone)).toMatchObject({ isPhone: true, isTablet: false, isPc: false });
    expect(detectPlatform(ua.androidPhone)).toMatchObject({ isPhone: true, isAndroid: true });
    expect(detectPlatform(ua.androidTablet)).toMatchObject({ isTablet: true, isAndroid: true, isPhone: false });
    expect(detectPlatform(ua.ipad)).toMatchObject({ isTablet: true, isPhone: false });
    expect(detectPlatform(ua.pc)).toMatchObject({ isPc: true, isPhone: false, isTablet: false });
  });

  it('redirects mobile devices to mexUrl only when one is set', () => {
    expect(mobileRedirectTarget(detectPlatform(ua.iphone), 'https://m.example')).toBe('https://m.example');
    expect(mobileRedirectTarget(detectPlatform(ua.iphone), '')).toBeUndefined();
    expect(mobileRedirectTarget(detectPlatform(ua.pc), 'https://m.example')).toBeUndefined();
  });
});

describe('base path and titles', () => {
  it('derives the router basename from <base href>', () => {
    expect(basenameFrom('http://h/')).toBe('');
    expect(basenameFrom('http://h/base/')).toBe('/base');
  });

  it('prefixes the localised page title with the SEO title', () => {
    expect(pageTitle('Opex', undefined)).toBe('Opex');
    expect(pageTitle('Opex', 'Log in')).toBe('Opex - Log in');
    expect(pageTitle('', 'Log in')).toBe('Log in');
  });
});
