import type { FormEvent, ReactNode } from 'react';
import { usePublicInfo } from '../../api/common.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { layoutTypeOf } from '../../state/site-config.ts';
import { AuthGuideLayout } from '../../ui/auth-guide-layout/AuthGuideLayout.tsx';
import styles from './auth.module.css';

/**
 * The login and registration frame: a calm card around the page's form; with template layout type 2 (no header on
 * these routes) the design system's guide layout adds the site logo and the operator's headline beside it
 * (shell.md §2).
 */
export function AuthFrame({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const info = usePublicInfo();
  const card = (
    <section className={styles.card} aria-labelledby="auth-title">
      <h1 id="auth-title" className={styles.title}>
        {title}
      </h1>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </section>
  );
  const logo = info.msg.logoUrl;
  if (layoutTypeOf(info) !== 2 || !logo) return <div className={styles.frame}>{card}</div>;
  return (
    <AuthGuideLayout
      logoUrl={logo}
      logoAlt={info.msg.company_name ?? ''}
      guide={<p className={styles.guide}>{info.indexHeaderTitle[currentLanguage()] ?? ''}</p>}
    >
      {card}
    </AuthGuideLayout>
  );
}
