import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentIcon, paymentBadge } from './PaymentIcon.tsx';

const keys = [
  'otc.payment.alipay',
  'otc.payment.wxpay',
  'otc.payment.domestic.bank.transfer',
  'otc.payment.paypal',
  'otc.payment.MTNmobile',
  'otc.payment.VodafoneCash',
  'otc.payment.AirtelTigo',
];

describe('PaymentIcon', () => {
  it('knows every payment key of the spec, with or without the prefix', () => {
    for (const key of keys) expect(paymentBadge(key)).toBeDefined();
    expect(paymentBadge('alipay')).toBe(paymentBadge('otc.payment.alipay'));
    expect(paymentBadge('otc.payment.cash')).toBeUndefined();
  });

  it('is an image named by the translated method name', () => {
    render(<PaymentIcon payKey="otc.payment.domestic.bank.transfer" label="Bank transfer" />);
    expect(screen.getByRole('img', { name: 'Bank transfer' })).toHaveAttribute(
      'data-pay-key',
      'otc.payment.domestic.bank.transfer',
    );
  });

  it('draws a neutral badge for an unknown key', () => {
    render(<PaymentIcon payKey="otc.payment.cash" label="Cash" />);
    expect(screen.getByRole('img', { name: 'Cash' })).toHaveTextContent('•');
  });
});
