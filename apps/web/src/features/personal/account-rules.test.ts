import { describe, expect, it } from 'vitest';
import { activeEntry } from '../../section-menus/SectionMenuLayout.tsx';
import { deviceName } from './device-name.ts';
import { fiatChoices } from './fiat-choices.ts';
import { loginVerifyAvailable } from './login-verify.ts';
import { personalMenu } from './personal-menu.ts';
import { securityLevel } from './security-level.ts';

describe('security level', () => {
  const user = (loginVerify: string, googleStatus: number) => ({ loginVerify, googleStatus });
  it('says what login really asks for', () => {
    expect(securityLevel(user('0', 0))).toBe('low');
    expect(securityLevel(user('3', 0))).toBe('medium');
    expect(securityLevel(user('2', 0))).toBe('medium');
    expect(securityLevel(user('0', 0), true)).toBe('medium');
    expect(securityLevel(user('1', 1))).toBe('high');
    expect(securityLevel(user('3', 1))).toBe('high');
  });
});

describe('login verification choices', () => {
  const base = { googleStatus: 0, email: 'a@x', mobileNumber: '', isOpenMobileCheck: 0 };
  it('offers only bound factors; phone also needs phone verification on', () => {
    expect(loginVerifyAvailable('0', base)).toBe(true);
    expect(loginVerifyAvailable('0', { ...base, googleStatus: 1 })).toBe(false);
    expect(loginVerifyAvailable('1', base)).toBe(false);
    expect(loginVerifyAvailable('1', { ...base, googleStatus: 1 })).toBe(true);
    expect(loginVerifyAvailable('3', base)).toBe(true);
    expect(loginVerifyAvailable('2', { ...base, mobileNumber: '138' })).toBe(false);
    expect(loginVerifyAvailable('2', { ...base, mobileNumber: '138', isOpenMobileCheck: 1 })).toBe(true);
  });
});

describe('side menu', () => {
  const activeMenuId = (path: string) => activeEntry(personalMenu, path)?.id;
  it('lights the overview entry on its sub-pages', () => {
    expect(activeMenuId('/personal/changeEmail')).toBe('userManagement');
    expect(activeMenuId('/personal/bindGoogle')).toBe('userManagement');
    expect(activeMenuId('/personal/checkApi')).toBe('apiManagement');
    expect(activeMenuId('/personal/kycAuth')).toBe('idAuth');
    expect(activeMenuId('/personal/modifySettings')).toBe('setUp');
    expect(activeMenuId('/personal/exBroker')).toBeUndefined();
  });
});

describe('fiat choices', () => {
  it("are the languages' default fiats once each, after following the language", () => {
    expect(
      fiatChoices([{ defaultFiat: 'USD' }, { defaultFiat: 'cny' }, { defaultFiat: 'CNY' }, { defaultFiat: 'krw' }]),
    ).toEqual(['', 'usd', 'cny', 'krw']);
  });
});

describe('device names', () => {
  it('name browser and system', () => {
    expect(
      deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'),
    ).toBe('Chrome · Linux');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1')).toBe(
      'Safari · iOS',
    );
    expect(deviceName('')).toBe('--');
  });
});
