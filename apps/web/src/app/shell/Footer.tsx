import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { useFooterList } from '../../api/footer.ts';
import { copyText } from '../../browser/clipboard.ts';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import styles from './footer.module.css';
import { type FooterLinkKind, footerColumns } from './footer-links.ts';
import { FOOTER_WIDGET_DELAY_MS, footerWidgetsWanted, injectFooterWidgets } from './footer-widgets.ts';

export function Footer() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const list = useFooterList();
  const { pathname } = useLocation();
  const snippet = info.msg.config_footer_js;

  useEffect(() => {
    if (!snippet || !footerWidgetsWanted(snippet, pathname)) return;
    const timer = setTimeout(() => injectFooterWidgets(snippet), FOOTER_WIDGET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snippet, pathname]);

  const columns = footerColumns(list.data, switchOn(info.switch, 'config_footer_open'), list.isPending);
  const company = info.msg.company_name || t('brand.fallbackTitle');
  const logo = info.msg.footer_logo_path;

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          {logo ? <img src={logo} alt={company} className={styles.logo} /> : <strong>{company}</strong>}
          <p>{t('footer.tagline')}</p>
        </div>
        {columns?.map((column) => {
          const title = column.builtIn ? t(`footer.${column.title}`) : column.title;
          return (
            <section key={column.key} className={styles.column} aria-label={title}>
              <h2>{title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.link + link.text}>
                    <FooterItem
                      text={column.builtIn ? t(`footer.links.${link.text}`) : link.text}
                      link={link.link}
                      kind={link.kind}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        }) ?? <ColumnsSkeleton />}
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { company, year: new Date().getFullYear() })}</p>
    </footer>
  );
}

/** Placeholders the built-in columns' size (3 × 4 lines) while the operator's columns load, so nothing jumps. */
const SKELETON_COLUMNS = [0, 1, 2];
const SKELETON_LINES = [0, 1, 2, 3];

function ColumnsSkeleton() {
  return SKELETON_COLUMNS.map((column) => (
    <div key={column} className={styles.column} aria-hidden="true" data-testid="footer-skeleton">
      <h2>
        <span className={styles.bar}>&nbsp;</span>
      </h2>
      <ul>
        {SKELETON_LINES.map((line) => (
          <li key={line}>
            <span className={styles.bar}>&nbsp;</span>
          </li>
        ))}
      </ul>
    </div>
  ));
}

function FooterItem({ text, link, kind }: { text: string; link: string; kind: FooterLinkKind }) {
  const { t } = useTranslation();
  const toast = useToast();
  if (kind === 'internal') return <Link to={link}>{text}</Link>;
  if (kind === 'external')
    return (
      <a href={link} target="_blank" rel="noreferrer">
        {text}
      </a>
    );
  return (
    <button
      type="button"
      className={styles.copy}
      onClick={() =>
        void copyText(link).then((copied) =>
          copied ? toast.success(t('footer.copied', { text: link })) : toast.error(t('footer.copyFailed')),
        )
      }
    >
      {text}
    </button>
  );
}
