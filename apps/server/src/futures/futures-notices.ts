import { MessageType } from '@opex/contract/calls/message';
import type { CoreEvent } from '../core/core-events.ts';
import { ledgerFixed, ledgerOf } from '../ledger/ledger-units.ts';
import { writeMessage } from '../messages/messages.ts';
import type { Services } from '../services.ts';

/**
 * Futures notices in the user's message centre: a margin call when the mark comes near a position's liquidation
 * price, and the liquidation itself (the core announces both; core/futures/futures-liquidation.ts).
 */
export function sendFuturesNotices(services: Services): () => void {
  const { core, database, clock } = services;
  const onEvents = (events: readonly CoreEvent[]) => {
    for (const e of events) {
      if (e.type !== 'futuresMarginCall' && e.type !== 'futuresLiquidation') continue;
      const digits = core.market(e.symbol)?.pricePrecision ?? 8;
      const price = (text: string) => ledgerFixed(ledgerOf(text), digits);
      const qty = e.qty.replace(/^-/, '');
      const params = {
        contract: e.symbol.toUpperCase(),
        side: e.qty.startsWith('-') ? 'short' : 'long',
        qty,
        mark: price(e.mark),
        ...(e.type === 'futuresMarginCall' ? { liquidation: price(e.liquidation) } : { closed: e.closed }),
      };
      const key =
        e.type === 'futuresMarginCall'
          ? 'futures.marginCall'
          : e.partial
            ? 'futures.partiallyLiquidated'
            : 'futures.liquidated';
      writeMessage(database.db, clock, e.userId, { type: MessageType.trade, key, params }).catch((error) =>
        console.error('futures notice', error),
      );
    }
  };
  return core.bus.subscribe(onEvents);
}
