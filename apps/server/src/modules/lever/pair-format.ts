import type { LeverPair } from '@opex/contract/calls/lever';
import { ledgerFixed, ledgerText } from '../../ledger/ledger-units.ts';
import type { MarginPairView } from '../../margin/margin-reads.ts';
import { riskRateText } from '../../margin/margin-reads.ts';

/** A pair's margin account as lever/finance/* answer it (contract-notes-products.md §2, the Pair fields). */
export function leverPairOf(view: MarginPairView): LeverPair {
  const { spec, risk, rules } = view;
  const percent = (rate: bigint) => ledgerText(rate * 100n);
  const side = (prefix: 'base' | 'quote') => {
    const c = view.coins[prefix];
    const owed = c.principal + c.interest;
    // Without an index price nothing more may be borrowed, and a borrowing account keeps what it holds.
    const canBorrow = risk ? risk.canBorrow[prefix] : 0n;
    const canTransfer = risk ? risk.canTransfer[prefix] : owedAnything(view) ? 0n : c.available;
    return {
      [`${prefix}TotalBalance`]: ledgerText(c.available + c.locked),
      [`${prefix}NormalBalance`]: ledgerText(c.available),
      [`${prefix}LockBalance`]: ledgerText(c.locked),
      [`${prefix}BorrowBalance`]: ledgerText(c.principal),
      [`${prefix}Interest`]: ledgerText(c.interest),
      [`${prefix}TotalBorrow`]: ledgerText(owed),
      [`${prefix}CanBorrow`]: ledgerText(canBorrow),
      [`${prefix}MinBorrow`]: ledgerText(c.lending.minBorrow),
      [`${prefix}ReturnPrecision`]: c.lending.scale,
      [`${prefix}CanTransfer`]: ledgerText(canTransfer),
      [`${prefix}InterestRate`]: ledgerText(c.lending.dailyRate),
    };
  };
  const quoteEx = ledgerText(view.coins.quote.exchangeAvailable);
  return {
    name: `${spec.base}/${spec.quote}`,
    symbol: view.symbol,
    baseCoin: spec.base,
    quoteCoin: spec.quote,
    baseExNormalBalance: ledgerText(view.coins.base.exchangeAvailable),
    quoteExNormalBalance: quoteEx,
    quoteEXNormalBalance: quoteEx,
    indexPrice: view.price === null ? '' : ledgerFixed(view.price, spec.pricePrecision),
    riskRate: riskRateText(view),
    burstPrice: risk?.burstPrice ? ledgerFixed(risk.burstPrice, spec.pricePrecision) : '',
    multiple: Number(rules.multiple),
    warnRate: percent(rules.warnRate),
    transferRate: percent(rules.transferRate),
    liquidationRate: percent(rules.liquidationRate),
    netAssets: risk ? ledgerText(risk.assets - risk.debt) : '',
    ...side('base'),
    ...side('quote'),
  } as LeverPair;
}

const owedAnything = (view: MarginPairView) =>
  view.coins.base.principal + view.coins.base.interest + view.coins.quote.principal + view.coins.quote.interest > 0n;
