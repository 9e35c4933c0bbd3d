import { useTranslation } from 'react-i18next';
import { switchOn, usePublicInfo } from '../api/common.ts';
import styles from './market-tags.module.css';

const FALLBACK = 'en_US';

/** The operator's tags of a market ("Hot", "New") in the reader's language, else English; none while coin_tag_open is off. */
export function MarketTags({ tags }: { tags: Record<string, string[]> | undefined }) {
  const { i18n } = useTranslation();
  const on = switchOn(usePublicInfo().switch, 'coin_tag_open');
  const shown = (tags?.[i18n.language] ?? tags?.[FALLBACK] ?? []).filter(Boolean);
  if (!on || shown.length === 0) return null;
  return (
    <span className={styles.tags}>
      {shown.map((tag) => (
        <span key={tag} className={styles.tag}>
          {tag}
        </span>
      ))}
    </span>
  );
}
