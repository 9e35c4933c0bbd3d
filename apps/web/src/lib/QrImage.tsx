import { useEffect, useState } from 'react';
import styles from './qr-image.module.css';

/** A QR code of a URL, drawn as a data URL; the encoder is loaded on first use to keep it off the home page. */
export function QrImage({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(value, { margin: 1, width: 160 }).then((url) => {
        if (!cancelled) setSrc(url);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [value]);
  return src ? <img className={styles.qr} src={src} alt={label} /> : <span className={styles.qr} aria-busy="true" />;
}
