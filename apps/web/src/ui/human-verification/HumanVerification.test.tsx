import '../testing/dom.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALIYUN_SUCCESS_DELAY_MS, HumanVerification } from './HumanVerification.tsx';
import { loadScript } from './script-loader.ts';

vi.mock('./script-loader.ts', () => ({ loadScript: vi.fn(() => Promise.resolve()) }));

type Win = Record<string, unknown>;
const win = window as unknown as Win;

afterEach(() => {
  delete win.initGeetest;
  delete win.NoCaptcha;
  vi.mocked(loadScript).mockReset().mockResolvedValue(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HumanVerification', () => {
  it("draws nothing for type '0'", () => {
    const { container } = render(<HumanVerification type="0" lang="en_US" onVerify={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  describe("type '1' (first provider)", () => {
    const geetest = { scriptUrl: 'https://cdn.example.org/gt.js', captcha: { challenge: 'c1', gt: 'g1', success: 1 } };

    it('loads the script, starts with the captcha data and reports the geetest fields', async () => {
      let succeed = () => {};
      const init = vi.fn((_config: Win, ready: (captcha: unknown) => void) =>
        ready({
          appendTo: (element: HTMLElement) => element.append('slider'),
          onSuccess: (callback: () => void) => (succeed = callback),
          onError: () => {},
          getValidate: () => ({ geetest_challenge: 'c1x', geetest_validate: 'v', geetest_seccode: 's|jordan' }),
        }),
      );
      win.initGeetest = init;
      const onVerify = vi.fn();
      render(<HumanVerification type="1" lang="zh_CN" onVerify={onVerify} geetest={geetest} />);
      await waitFor(() => expect(screen.getByText('slider')).toBeInTheDocument());
      expect(loadScript).toHaveBeenCalledWith('https://cdn.example.org/gt.js');
      expect(init.mock.calls[0]?.[0]).toMatchObject({ gt: 'g1', challenge: 'c1', offline: false, lang: 'cn' });
      act(() => succeed());
      expect(onVerify).toHaveBeenCalledWith({
        geetest_challenge: 'c1x',
        geetest_validate: 'v',
        geetest_seccode: 's|jordan',
      });
    });

    it('shows a retry when the script fails, without reporting', async () => {
      vi.mocked(loadScript).mockRejectedValueOnce(new Error('blocked'));
      const onVerify = vi.fn();
      render(
        <HumanVerification type="1" lang="en_US" onVerify={onVerify} geetest={geetest} texts={{ retry: 'Retry' }} />,
      );
      const retry = await screen.findByRole('button', { name: 'Retry' });
      win.initGeetest = (_c: Win, ready: (captcha: unknown) => void) =>
        ready({
          appendTo: (e: HTMLElement) => e.append('slider'),
          onSuccess: () => {},
          onError: () => {},
          getValidate: () => false,
        });
      fireEvent.click(retry);
      await waitFor(() => expect(screen.getByText('slider')).toBeInTheDocument());
      expect(loadScript).toHaveBeenCalledTimes(2);
      expect(onVerify).not.toHaveBeenCalled();
    });
  });

  describe("type '2' (second provider)", () => {
    it('reports csessionid, sig, token and scene 300 ms after validation', async () => {
      let config: Win = {};
      win.NoCaptcha = { init: (c: Win) => (config = c) };
      const onVerify = vi.fn();
      render(
        <HumanVerification
          type="2"
          lang="ja_JP"
          onVerify={onVerify}
          aliyun={{ scriptUrl: 'https://cdn.example.org/nc.js', appkey: 'KEY', scene: 'nc_login' }}
        />,
      );
      await waitFor(() => expect(config.appkey).toBe('KEY'));
      expect(config.language).toBe('ja');
      expect(String(config.token)).toMatch(/^KEY:/);
      vi.useFakeTimers();
      act(() => (config.callback as (d: unknown) => void)({ csessionid: 'cs', sig: 'sg' }));
      act(() => vi.advanceTimersByTime(ALIYUN_SUCCESS_DELAY_MS - 1));
      expect(onVerify).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(ALIYUN_SUCCESS_DELAY_MS).toBe(300);
      expect(onVerify).toHaveBeenCalledWith({ csessionid: 'cs', sig: 'sg', token: config.token, scene: 'nc_login' });
    });
  });

  describe("type '3' (ALTCHA proof of work)", () => {
    it('solves the challenge and reports a payload the server-side check accepts', async () => {
      const secrets = { hmacSignatureSecret: 'test-key', hmacKeySignatureSecret: 'test-key:key' };
      const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 300, deriveKey, ...secrets });
      const onVerify = vi.fn();
      render(
        <HumanVerification
          type="3"
          lang="en_US"
          onVerify={onVerify}
          altcha={{ getChallenge: async () => challenge }}
        />,
      );
      fireEvent.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
      await waitFor(() => expect(onVerify).toHaveBeenCalled());
      const payload = JSON.parse(atob(onVerify.mock.calls[0]?.[0].altcha));
      expect(payload.challenge).toEqual(JSON.parse(JSON.stringify(challenge)));
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        ...secrets,
      });
      expect(result.verified).toBe(true);
      expect(screen.getByRole('checkbox', { name: 'Verified' })).toBeChecked();
    });

    it('offers a retry when the challenge cannot be fetched', async () => {
      const onVerify = vi.fn();
      const getChallenge = () => Promise.reject(new Error('network'));
      render(<HumanVerification type="3" lang="en_US" onVerify={onVerify} altcha={{ getChallenge }} />);
      fireEvent.click(screen.getByRole('checkbox'));
      fireEvent.click(await screen.findByRole('button', { name: /Try again/ }));
      expect(screen.getByRole('checkbox')).not.toBeChecked();
      expect(onVerify).not.toHaveBeenCalled();
    });
  });
});
