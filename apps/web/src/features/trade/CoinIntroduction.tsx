import { coinSymbolIntroduce } from '@opex/contract/calls/common';
import { groupThousands } from '@opex/contract/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/query.ts';
import { OperatorHtml } from '../../operator-html/OperatorHtml.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { Dialog } from '../../ui/dialog/Dialog.tsx';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import styles from './coin-introduction.module.css';

/** "About BTC" beside the market's name (symbol_profile): the operator's introduction of the base coin. */
export function CoinIntroduction({ coin }: { coin: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="text" size="s" onClick={() => setOpen(true)}>
        {t('trade.about.button', { coin })}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('trade.about.button', { coin })}
        closeLabel={t('common.close')}
        width="wide"
      >
        {open && <IntroductionBody coin={coin} />}
      </Dialog>
    </>
  );
}

function IntroductionBody({ coin }: { coin: string }) {
  const { t } = useTranslation();
  const { data, isError } = useCallQuery(coinSymbolIntroduce, { symbol: coin });
  if (isError) return <p>{t('trade.about.failed')}</p>;
  if (!data) return <Spinner label={t('common.loading')} />;
  const link = (href: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href.replace(/^https?:\/\//, '')}
    </a>
  );
  const facts = [
    { key: 'name', value: `${data.name} (${data.symbol})` },
    { key: 'issueDate', value: data.issueDate },
    { key: 'supply', value: data.supply && `${groupThousands(data.supply)} ${data.symbol}` },
    { key: 'website', value: data.website && link(data.website) },
    { key: 'whitePaper', value: data.whitePaper && link(data.whitePaper) },
  ].filter((f) => f.value);
  return (
    <div className={styles.body}>
      <dl className={styles.facts}>
        {facts.map((f) => (
          <div key={f.key}>
            <dt>{t(`trade.about.${f.key}`)}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {data.introduction ? (
        <OperatorHtml className={styles.text} html={data.introduction} />
      ) : (
        <p className={styles.text}>{t('trade.about.none')}</p>
      )}
    </div>
  );
}
