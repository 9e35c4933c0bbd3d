/**
 * A page's title banner with a background image. Props: title (default: the help-centre title, which the caller
 * passes translated; 'Help Center' otherwise), imageUrl (optional background), children (a subtitle or actions).
 */
import type { ReactNode } from 'react';
import styles from './page-banner.module.css';

export interface PageBannerProps {
  title?: ReactNode;
  imageUrl?: string;
  children?: ReactNode;
}

export function PageBanner({ title = 'Help Center', imageUrl, children }: PageBannerProps) {
  const style = imageUrl
    ? ({ '--banner-image': `url(${JSON.stringify(imageUrl)})` } as React.CSSProperties)
    : undefined;
  return (
    <header className={styles.banner} style={style} data-has-image={Boolean(imageUrl) || undefined}>
      <div className={styles.inner}>
        <h1 className={styles.title}>{title}</h1>
        {children && <div className={styles.extra}>{children}</div>}
      </div>
    </header>
  );
}
