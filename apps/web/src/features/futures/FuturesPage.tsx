import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCoPublicInfo } from '../../api/futures.ts';
import { chooseContract } from '../../futures/contracts.ts';
import { RealtimeSocket } from '../../realtime/index.ts';
import { readSelection, writeSelection } from '../../state/selection.ts';
import styles from '../../trading/trading.module.css';
import { FuturesTrading } from './FuturesTrading.tsx';

/**
 * /proSwap and /proSwap/:symbol (and /trade/:symbol in the futures-only site mode): one contract's trading page.
 * The contract is the path's, else the saved one, else the lowest sort (platform.md §4); the path then names it.
 */
export default function FuturesPage() {
  const { t } = useTranslation();
  const { symbol: segment } = useParams();
  const navigate = useNavigate();
  const base = useLocation().pathname.startsWith('/trade') ? '/trade' : '/proSwap';
  const catalogue = useCoPublicInfo();
  const contracts = catalogue.data?.contractList ?? [];
  const contract = chooseContract(contracts, segment, readSelection(localStorage).contractName);

  useEffect(() => {
    if (!contract) return;
    writeSelection(localStorage, { contractName: contract.contractName, contractId: contract.id });
    if (segment !== contract.contractName) navigate(`${base}/${contract.contractName}`, { replace: true });
  }, [contract, segment, navigate, base]);

  if (catalogue.isPending) return <p className={styles.noMarket}>{t('common.loading')}</p>;
  if (!contract || !catalogue.data) return <p className={styles.noMarket}>{t('futures.noContract')}</p>;
  // The contract's book, trades, K-lines and mark price come from the futures socket (public_info's wsUrl).
  return (
    <RealtimeSocket.Provider value="futures">
      <FuturesTrading
        key={contract.id}
        contract={contract}
        catalogue={catalogue.data}
        receivedAt={catalogue.dataUpdatedAt}
        basePath={base}
      />
    </RealtimeSocket.Provider>
  );
}
