import { channels, type MarginRiskUpdate } from '@opex/contract/realtime';
import { depositRecordOf } from '../chains/deposit-records.ts';
import type { Services } from '../services.ts';
import type { Fanout } from './fanout.ts';
import type { OriginalProtocol } from './original-protocol.ts';
import { registerSessionChannels } from './session-channels.ts';

/**
 * The logged-in user's channels on spot's socket: order, balance, deposit and margin risk changes, each pushed at
 * once to the owner's sockets while their session lives (session-channels.ts).
 */
export function registerPrivateChannels(fanout: Fanout, protocol: OriginalProtocol, services: Services): void {
  registerSessionChannels(fanout, protocol, services, [
    channels.userOrders,
    channels.userBalance,
    channels.userDeposits,
    channels.userMarginRisk,
  ]);
  fanout.own(
    services.core.bus.subscribe((events) => {
      for (const e of events) {
        if (e.type === 'order') {
          const { orderId, symbol, status, dealVolume, dealMoney } = e;
          protocol.pushPrivate(e.userId, channels.userOrders, { orderId, symbol, status, dealVolume, dealMoney });
        } else if (e.type === 'balance' && e.ownerId > 0) {
          const { account, coin, available, locked } = e;
          protocol.pushPrivate(e.ownerId, channels.userBalance, { account, coin, available, locked });
        } else if (e.type === 'marginRisk') {
          const { symbol, indexPrice, riskRate, burstPrice, state } = e;
          const update: MarginRiskUpdate = { symbol, indexPrice, riskRate, burstPrice, state };
          protocol.pushPrivate(e.userId, channels.userMarginRisk, update);
        }
      }
    }),
  );
  fanout.own(
    services.deposits.processor.subscribe((deposit) =>
      protocol.pushPrivate(Number(deposit.user_id), channels.userDeposits, depositRecordOf(deposit)),
    ),
  );
}
