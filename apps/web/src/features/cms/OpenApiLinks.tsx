import { useTranslation } from 'react-i18next';
import styles from './cms.module.css';

/**
 * Where the Open API lives, for the footer's API page: its OpenAPI document, REST bases and stream endpoints, spot's
 * and the futures families' (USDⓈ-M /fapi, COIN-M /dapi).
 */
export function OpenApiLinks() {
  const { t } = useTranslation();
  // The server serves the web app and the Open API under one base path, so both resolve against the page's base.
  const at = (path: string, socket = false) => {
    const url = new URL(path, document.baseURI);
    if (socket) url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.href;
  };
  const documentUrl = at('api/v3/openapi.json');
  return (
    <section className={styles.article} aria-labelledby="open-api-title">
      <h1 id="open-api-title">{t('cms.openApi.title')}</h1>
      <div className={styles.content}>
        <p>{t('cms.openApi.intro')}</p>
        <dl className={styles.endpoints}>
          <dt>{t('cms.openApi.document')}</dt>
          <dd>
            <a href={documentUrl} target="_blank" rel="noreferrer">
              {documentUrl}
            </a>
          </dd>
          <dt>{t('cms.openApi.rest')}</dt>
          <dd>
            <code>{at('api/v3')}</code>
          </dd>
          <dt>{t('cms.openApi.streams')}</dt>
          <dd>
            <code>{at('ws', true)}</code>
            <code>{at('stream', true)}</code>
          </dd>
          <dt>{t('cms.openApi.futuresRest')}</dt>
          <dd>
            <code>{at('fapi')}</code>
            <code>{at('dapi')}</code>
          </dd>
          <dt>{t('cms.openApi.futuresStreams')}</dt>
          <dd>
            <code>{at('fstream/ws', true)}</code>
            <code>{at('dstream/ws', true)}</code>
          </dd>
        </dl>
        <p>{t('cms.openApi.keys')}</p>
      </div>
    </section>
  );
}
