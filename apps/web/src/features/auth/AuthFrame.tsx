import type { ReactNode } from 'react';
import { usePublicInfo } from '../../api/common.ts';
import { layoutTypeOf } from '../../state/site-config.ts';
import styles from './auth.module.css';

/** The login and registration frame: a calm card; layout type 2 adds the site logo above it (shell.md §2). */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const info = usePublicInfo();
  const logo = layoutTypeOf(info) === 2 ? info.msg.logoUrl : undefined;
  return (
    <div className={styles.frame}>
      <section className={styles.card} aria-labelledby="auth-title">
        {logo && <img className={styles.logo} src={logo} alt={info.msg.company_name ?? ''} />}
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
