import { maintenanceMargin } from '../core/futures/brackets.ts';
import { notional, pnl } from '../core/futures/contract-value.ts';
import { removableMargin } from '../core/futures/futures-commands.ts';
import type { FuturesRules } from '../core/futures/futures-rules.ts';
import type { FuturesPosition } from '../core/futures/futures-state.ts';
import {
  bankruptcyPrice,
  liquidationPrice,
  type MarginBacking,
  marginRatio,
  type PositionRisk,
} from '../core/futures/liquidation.ts';
import { ONE } from '../core/futures/ratio.ts';

/**
 * A user's open positions in one margin coin valued at the mark price: what the position table, the account summary
 * and the Open API show. Cross positions share the account's wallet (its available balance and their margins) and
 * each other's PnL; an isolated one stands on its own margin. All figures are ledger units (the formulas in
 * core/futures/liquidation.ts).
 */
export interface ValuedPosition {
  position: FuturesPosition;
  rules: FuturesRules;
  mark: bigint;
  unrealized: bigint;
  notional: bigint;
  maintenance: bigint;
  /** Null when no price liquidates it. */
  liquidation: bigint | null;
  bankruptcy: bigint | null;
  /** Maintenance / margin balance; null when no margin balance is left. */
  marginRatio: bigint | null;
  /** The bracket's maintenance rate. */
  maintenanceRate: bigint;
  /** What may be removed (isolated only). */
  removable: bigint;
}

export interface AccountFigures {
  available: bigint;
  /** Order reserves. */
  orderMargin: bigint;
  crossMargin: bigint;
  isolatedMargin: bigint;
  unrealized: bigint;
  realized: bigint;
  /** Cross maintenance over the cross margin balance (0 without cross positions). */
  crossMarginRatio: bigint;
}

export function valuePositions(
  positions: readonly { position: FuturesPosition; rules: FuturesRules; mark: bigint }[],
  available: bigint,
): ValuedPosition[] {
  const base = positions.map(({ position, rules, mark }) => {
    const value = notional(rules.terms, position.qty, mark);
    return {
      position,
      rules,
      mark,
      unrealized: pnl(rules.terms, position.qty, position.entry, mark),
      notional: value,
      maintenance: maintenanceMargin(rules.brackets, value),
    };
  });
  const cross = base.filter((b) => b.position.marginMode === 1);
  const wallet = available + cross.reduce((sum, b) => sum + b.position.margin, 0n);
  return base.map((b) => {
    const backing: MarginBacking =
      b.position.marginMode === 2
        ? { mode: 'isolated', margin: b.position.margin }
        : {
            mode: 'cross',
            wallet,
            othersPnl: cross.reduce((sum, o) => (o === b ? sum : sum + o.unrealized), 0n),
            othersMaintenance: cross.reduce((sum, o) => (o === b ? sum : sum + o.maintenance), 0n),
          };
    const risk: PositionRisk = {
      terms: b.rules.terms,
      brackets: b.rules.brackets,
      qty: b.position.qty,
      entry: b.position.entry,
      backing,
    };
    const bracket = b.rules.brackets.find((x) => b.notional <= x.maxNotional) ?? b.rules.brackets.at(-1);
    return {
      ...b,
      liquidation: liquidationPrice(risk),
      bankruptcy: bankruptcyPrice(risk),
      marginRatio: marginRatio(risk, b.mark),
      maintenanceRate: bracket?.maintenanceRate ?? 0n,
      removable: b.position.marginMode === 2 ? removableMargin(b.rules, b.position, b.mark) : 0n,
    };
  });
}

export function accountFigures(valued: readonly ValuedPosition[], available: bigint, locked: bigint): AccountFigures {
  let crossMargin = 0n;
  let isolatedMargin = 0n;
  let unrealized = 0n;
  let realized = 0n;
  let crossPnl = 0n;
  let crossMaintenance = 0n;
  for (const v of valued) {
    unrealized += v.unrealized;
    realized += v.position.realized;
    if (v.position.marginMode === 2) isolatedMargin += v.position.margin;
    else {
      crossMargin += v.position.margin;
      crossPnl += v.unrealized;
      crossMaintenance += v.maintenance;
    }
  }
  const crossBalance = available + crossMargin + crossPnl;
  return {
    available,
    orderMargin: locked - crossMargin - isolatedMargin,
    crossMargin,
    isolatedMargin,
    unrealized,
    realized,
    crossMarginRatio: crossMaintenance === 0n || crossBalance <= 0n ? 0n : (crossMaintenance * ONE) / crossBalance,
  };
}
