import { describe, expect, it } from 'vitest';
import { ownAddressKinds, secondFactorFields, secondFactorKinds } from './second-factor.ts';

const user = (googleStatus: number, email: string, mobileNumber: string) => ({ googleStatus, email, mobileNumber });

describe('the second factor of a sensitive change', () => {
  it('is Google alone when Google is bound: a mailbox must not outvote the authenticator', () => {
    expect(secondFactorKinds(user(1, 'a***@x.com', '138****0000'))).toEqual(['google']);
  });

  it('is a code to a bound e-mail or phone otherwise', () => {
    expect(secondFactorKinds(user(0, 'a***@x.com', '138****0000'))).toEqual(['email', 'sms']);
    expect(secondFactorKinds(user(0, '', '138****0000'))).toEqual(['sms']);
    expect(secondFactorKinds(user(0, 'a***@x.com', ''))).toEqual(['email']);
    expect(secondFactorKinds(user(0, '', ''))).toEqual([]);
  });

  it('binding Google asks for a bound address even when Google would be the factor', () => {
    expect(ownAddressKinds(user(1, 'a***@x.com', ''))).toEqual(['email']);
  });

  it('puts the code in the field the contract names for its factor', () => {
    expect(secondFactorFields('google', '123456')).toEqual({ googleCode: '123456' });
    expect(secondFactorFields('email', '123456')).toEqual({ emailAuthCode: '123456' });
    expect(secondFactorFields('sms', '123456')).toEqual({ smsAuthCode: '123456' });
  });
});
