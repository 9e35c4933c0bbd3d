/**
 * The badge of an OTC payment method, by its payment key (otc.payment.alipay, otc.payment.wxpay,
 * otc.payment.domestic.bank.transfer, otc.payment.paypal, otc.payment.MTNmobile, otc.payment.VodafoneCash,
 * otc.payment.AirtelTigo; the short forms without 'otc.payment.' work too). An unknown key draws a neutral badge.
 * Props: payKey, label (accessible name, the translated method name), size 's' | 'l'.
 */
import styles from './payment-icon.module.css';

interface Badge {
  mark: string;
  tone: string;
}

const badges: Record<string, Badge> = {
  alipay: { mark: '支', tone: styles.alipay ?? '' },
  wxpay: { mark: 'W', tone: styles.wxpay ?? '' },
  'domestic.bank.transfer': { mark: '', tone: styles.bank ?? '' },
  paypal: { mark: 'P', tone: styles.paypal ?? '' },
  MTNmobile: { mark: 'MTN', tone: styles.mtn ?? '' },
  VodafoneCash: { mark: 'V', tone: styles.vodafone ?? '' },
  AirtelTigo: { mark: 'AT', tone: styles.airteltigo ?? '' },
};

export function paymentBadge(payKey: string): Badge | undefined {
  return badges[payKey.replace(/^otc\.payment\./, '')];
}

export function PaymentIcon({ payKey, label, size = 's' }: { payKey: string; label: string; size?: 's' | 'l' }) {
  const badge = paymentBadge(payKey);
  return (
    <span
      className={[styles.badge, styles[size], badge?.tone ?? styles.unknown].join(' ')}
      role="img"
      aria-label={label}
      data-pay-key={payKey}
    >
      {badge && badge.mark === '' ? (
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path
            d="M2 6.5 8 3l6 3.5M3 7v5M6.3 7v5M9.7 7v5M13 7v5M2 13.5h12"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.25"
          />
        </svg>
      ) : (
        <span aria-hidden="true">{badge?.mark ?? '•'}</span>
      )}
    </span>
  );
}
