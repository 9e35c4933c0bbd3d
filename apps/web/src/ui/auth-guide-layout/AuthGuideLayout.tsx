/**
 * The login and registration guide layout for template layout type 2: the brand logo and a guide panel beside the
 * form (stacked on narrow screens). Whether to use it is the shell's call. Props: logoUrl, logoAlt (the company
 * name), homeHref (where the logo leads; default '/'), guide (the panel's content: slogan, picture), children (the
 * form).
 */
import type { ReactNode } from 'react';
import styles from './auth-guide-layout.module.css';

export interface AuthGuideLayoutProps {
  logoUrl: string;
  logoAlt: string;
  homeHref?: string;
  guide?: ReactNode;
  children: ReactNode;
}

export function AuthGuideLayout({ logoUrl, logoAlt, homeHref = '/', guide, children }: AuthGuideLayoutProps) {
  return (
    <div className={styles.layout}>
      <aside className={styles.guide}>
        <a href={homeHref} className={styles.logoLink}>
          <img className={styles.logo} src={logoUrl} alt={logoAlt} />
        </a>
        {guide && <div className={styles.guideContent}>{guide}</div>}
      </aside>
      <main className={styles.form}>{children}</main>
    </div>
  );
}
