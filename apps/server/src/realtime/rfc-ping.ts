import type { Peer } from './fanout.ts';

/**
 * The heartbeat of the protocols that use RFC 6455 ping frames (Binance's streams and WebSocket API): a peer that
 * answered nothing since the last ping, neither a pong nor a message, is gone.
 */
export interface PingedPeer extends Peer {
  alive: boolean;
}

/** Counts the peer's pongs as answers (its protocol counts its messages). */
export function answersPings(peer: PingedPeer): void {
  peer.socket.on('pong', () => {
    peer.alive = true;
  });
}

export function pingFrameBeat(peer: Peer): boolean {
  const pinged = peer as PingedPeer;
  if (!pinged.alive) return false;
  pinged.alive = false;
  if (pinged.socket.readyState === pinged.socket.OPEN) pinged.socket.ping();
  return true;
}
