import { channels, type MarginRiskUpdate } from '@opex/contract/realtime';
import { depositRecordOf } from '../chains/deposit-records.ts';
import type { SessionsEnded } from '../platform/session-store.ts';
import type { Services } from '../services.ts';
import type { Fanout } from './fanout.ts';
import { type OriginalChannel, type OriginalPeer, type OriginalProtocol, privateTopic } from './original-protocol.ts';

/**
 * The logged-in user's channels on the original protocol: order changes, balance changes, deposit changes and the
 * risk of each margin pair (after a margin change, an index move or a liquidation), each pushed at once to the
 * owner's sockets. They live only as long as the socket's session: a revocation through this
 * node (logout, password change) drops them at once; an expiry, or a revocation made elsewhere, at the next heartbeat.
 */
export function registerPrivateChannels(fanout: Fanout, protocol: OriginalProtocol, services: Services): void {
  const { sessions } = services;
  const names: readonly string[] = [
    channels.userOrders,
    channels.userBalance,
    channels.userDeposits,
    channels.userMarginRisk,
  ];
  const privateChannel: OriginalChannel<string> = {
    protocol: protocol.name,
    match: (name) => (names.includes(name) ? name : null),
    refusal: (_route, peer) => (peer.session === null ? 'login required' : ''),
    admit: (peer) => sessionLives(peer),
    topic: (name, peer) => privateTopic(name, peer.session?.userId ?? 0),
  };
  fanout.register(privateChannel);

  /** The session ended: its private channels close on this socket, each with an error frame saying why. */
  const endPrivate = (peer: OriginalPeer) => {
    peer.session = null;
    for (const [key, subscription] of [...peer.subscriptions]) {
      if (subscription.channel !== privateChannel) continue;
      fanout.unsubscribe(peer, key);
      protocol.refuse(peer, key, undefined, 'session ended');
    }
  };

  /** Checked again on every private sub and heartbeat, without counting as activity of the session. */
  const sessionLives = async (peer: OriginalPeer): Promise<boolean> => {
    const session = peer.session;
    if (!session) return false;
    if (await sessions.peek(session.token)) return true;
    if (peer.session === session) endPrivate(peer);
    return false;
  };

  const originalPeers = () => fanout.peers(protocol.name) as IterableIterator<OriginalPeer>;
  fanout.onHeartbeat(() => {
    for (const peer of originalPeers()) if (peer.session) void sessionLives(peer).catch(() => {});
  });
  fanout.own(
    sessions.onEnded((ended: SessionsEnded) => {
      for (const peer of originalPeers()) {
        const session = peer.session;
        if (!session) continue;
        if ('sessionId' in ended ? session.sessionId === ended.sessionId : session.userId === ended.userId) {
          endPrivate(peer);
        }
      }
    }),
  );
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
          const risk: MarginRiskUpdate = { symbol, indexPrice, riskRate, burstPrice, state };
          protocol.pushPrivate(e.userId, channels.userMarginRisk, risk);
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
