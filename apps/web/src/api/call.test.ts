import { describe, expect, it, vi } from 'vitest';
import { CallFailure, unwrap } from './call.ts';
import { http } from './http.ts';
import { onSessionEnded } from './session-events.ts';

describe('the HTTP client', () => {
  it('is configured as the spec says', () => {
    expect(http.defaults.timeout).toBe(0);
    expect(http.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(http.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(http.defaults.withXSRFToken).toBe(true);
    expect(String(http.defaults.headers.Accept)).toContain('application/json');
    const valid = http.defaults.validateStatus as (s: number) => boolean;
    expect([199, 200, 299, 300, 400].map(valid)).toEqual([false, true, true, false, false]);
  });
});

describe('unwrap', () => {
  it("answers data on '0' (string or number)", () => {
    expect(unwrap({ code: '0', msg: 'ok', data: 1 })).toBe(1);
    expect(unwrap({ code: 0, data: 2 })).toBe(2);
  });

  it('throws the code and message otherwise', () => {
    expect(() => unwrap({ code: '20003', msg: 'bad', data: null })).toThrow(CallFailure);
    try {
      unwrap({ code: 109109, msg: 'North Korea', data: null });
    } catch (error) {
      expect(error).toMatchObject({ code: '109109', message: 'North Korea' });
    }
  });

  it('raises the logged-out event on session-ended', () => {
    const listener = vi.fn();
    const off = onSessionEnded(listener);
    expect(() => unwrap({ code: '10002', msg: '', data: null })).toThrow(CallFailure);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });
});
