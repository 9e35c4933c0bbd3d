import { type ReactNode, useState } from 'react';
import { BorrowDialog } from './BorrowDialog.tsx';
import { MarginTransferDialog } from './MarginTransferDialog.tsx';
import type { CoinSide } from './margin-account.ts';
import { RepayDialog } from './RepayDialog.tsx';

/** A margin action to open on a pair (BTCUSDT): a transfer, a loan, or the repayment of one (or the pair's first). */
export type MarginAction =
  | { kind: 'transfer'; symbol: string; side?: CoinSide }
  | { kind: 'borrow'; symbol: string; side?: CoinSide }
  | { kind: 'repay'; symbol: string; loanId?: number };

/** The margin pages' Transfer / Borrow / Repay dialogs: `open` shows one, `dialog` is where it renders. */
export function useMarginActions(): { open: (action: MarginAction) => void; dialog: ReactNode } {
  const [action, setAction] = useState<MarginAction | null>(null);
  const close = () => setAction(null);
  const dialog =
    action?.kind === 'transfer' ? (
      <MarginTransferDialog symbol={action.symbol} side={action.side} onClose={close} />
    ) : action?.kind === 'borrow' ? (
      <BorrowDialog symbol={action.symbol} side={action.side} onClose={close} />
    ) : action?.kind === 'repay' ? (
      <RepayDialog symbol={action.symbol} loanId={action.loanId} onClose={close} />
    ) : null;
  return { open: setAction, dialog };
}
