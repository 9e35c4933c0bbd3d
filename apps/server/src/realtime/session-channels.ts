import type { SessionsEnded } from '../platform/session-store.ts';
import type { Services } from '../services.ts';
import type { Fanout } from './fanout.ts';
import { type OriginalChannel, type OriginalPeer, type OriginalProtocol, privateTopic } from './original-protocol.ts';

/** A user's topic of a session-bound channel opened (its first listener) or closed (its last one left). */
export interface SessionTopicHooks {
  opened?(name: string, userId: number): void;
  closed?(name: string, userId: number): void;
}

/**
 * A logged-in user's channels on one socket of the original protocol (spot's, the futures one): each name is a topic
 * per user, pushed with `protocol.pushPrivate`. They live only as long as the socket's session: a revocation through
 * this node (logout, password change) drops them at once; an expiry, or a revocation made elsewhere, at the next
 * heartbeat.
 */
export function registerSessionChannels(
  fanout: Fanout,
  protocol: OriginalProtocol,
  services: Services,
  names: readonly string[],
  hooks: SessionTopicHooks = {},
): void {
  const { sessions } = services;
  const userOf = (topic: string, name: string) => Number(topic.slice(name.length + 1));
  const sessionChannel: OriginalChannel<string> = {
    protocol: protocol.name,
    match: (name) => (names.includes(name) ? name : null),
    refusal: (_route, peer) => (peer.session === null ? 'login required' : ''),
    admit: (peer) => sessionLives(peer),
    topic: (name, peer) => privateTopic(name, peer.session?.userId ?? 0),
    opened: (topic, name) => hooks.opened?.(name, userOf(topic, name)),
    closed: (topic, name) => hooks.closed?.(name, userOf(topic, name)),
  };
  fanout.register(sessionChannel);

  /** The session ended: its channels close on this socket, each with an error frame saying why. */
  const endSession = (peer: OriginalPeer) => {
    peer.session = null;
    for (const [key, subscription] of [...peer.subscriptions]) {
      if (subscription.channel !== sessionChannel) continue;
      fanout.unsubscribe(peer, key);
      protocol.refuse(peer, key, undefined, 'session ended');
    }
  };

  /** Checked again on every sub and heartbeat, without counting as activity of the session. */
  const sessionLives = async (peer: OriginalPeer): Promise<boolean> => {
    const session = peer.session;
    if (!session) return false;
    if (await sessions.peek(session.token)) return true;
    if (peer.session === session) endSession(peer);
    return false;
  };

  const peers = () => fanout.peers(protocol.name) as IterableIterator<OriginalPeer>;
  fanout.onHeartbeat(() => {
    for (const peer of peers()) if (peer.session) void sessionLives(peer).catch(() => {});
  });
  fanout.own(
    sessions.onEnded((ended: SessionsEnded) => {
      for (const peer of peers()) {
        const session = peer.session;
        if (!session) continue;
        if ('sessionId' in ended ? session.sessionId === ended.sessionId : session.userId === ended.userId) {
          endSession(peer);
        }
      }
    }),
  );
}
