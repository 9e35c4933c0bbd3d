import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { switchOn, usePublicInfo } from '../api/common.ts';
import styles from './tx-link.module.css';

/** The block-explorer address of a transaction from the operator's template ('https://.../tx/{txid}'). */
export function explorerTxUrl(template: string, txid: string): string {
  return template.replaceAll('{txid}', encodeURIComponent(txid));
}

/**
 * A transaction id (as `children` shows it) linking to its chain's block explorer while open_txid_addr is on and
 * the operator set one for the chain; else the text alone.
 */
export function TxLink({ chain, txid, children }: { chain: string; txid: string; children: ReactNode }) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const template = info.txExplorers?.[chain];
  if (!txid || !template || !switchOn(info.switch, 'open_txid_addr')) return <>{children}</>;
  return (
    <a
      className={styles.link}
      href={explorerTxUrl(template, txid)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('common.viewOnExplorer', { txid })}
    >
      {children}
    </a>
  );
}
