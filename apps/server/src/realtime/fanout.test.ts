import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { type Channel, Fanout, type Peer, type Protocol, type Subscription } from './fanout.ts';

/** A socket as far as the fan-out goes: events, and terminate() closing it. */
function fakeSocket() {
  const socket = new EventEmitter() as EventEmitter & { terminate: () => void };
  socket.terminate = () => socket.emit('close');
  return socket as unknown as WebSocket;
}

describe('fan-out', () => {
  const fanouts: Fanout[] = [];
  afterEach(() => {
    for (const f of fanouts.splice(0)) f.stop();
    vi.useRealTimers();
  });
  const make = (pingMs = 1000) => {
    const fanout = new Fanout(pingMs);
    fanouts.push(fanout);
    return fanout;
  };
  const alive = { value: true };
  const protocol: Protocol = { name: 'test', beat: () => alive.value };
  const peer = (): Peer => ({ socket: fakeSocket(), protocol, subscriptions: new Map() });

  it('opens a topic with its first listener and closes it with its last, encoding each body once per form', () => {
    const fanout = make();
    const events: string[] = [];
    const channel: Channel<string> = {
      protocol: 'test',
      match: (name) => (name.startsWith('t_') ? name.slice(2) : null),
      opened: (topic, route) => events.push(`open ${topic} ${route}`),
      closed: (topic) => events.push(`close ${topic}`),
    };
    fanout.register(channel);
    const found = fanout.find('test', 't_x');
    expect(found?.route).toBe('x');
    expect(fanout.find('other', 't_x')).toBeNull();
    const encodings: unknown[] = [];
    const received: string[] = [];
    const listen = (p: Peer): Subscription => ({
      peer: p,
      key: 't_x',
      topic: 't_x',
      channel,
      route: 'x',
      deliver: (m) => {
        const text = m.encoded('json', (body) => {
          encodings.push(body);
          return JSON.stringify(body);
        });
        received.push(text);
      },
    });
    const [a, b] = [peer(), peer()];
    fanout.attach(a);
    fanout.attach(b);
    expect(fanout.subscribe(listen(a))).toBe(true);
    expect(fanout.subscribe(listen(a))).toBe(false);
    fanout.subscribe(listen(b));
    fanout.publish('t_x', () => ({ n: 1 }));
    expect(received).toEqual(['{"n":1}', '{"n":1}']);
    expect(encodings).toHaveLength(1);
    fanout.unsubscribe(a, 't_x');
    expect(fanout.listened('t_x')).toBe(true);
    b.socket.emit('close');
    expect(fanout.listened('t_x')).toBe(false);
    expect(events).toEqual(['open t_x x', 'close t_x']);
    const built = vi.fn(() => 1);
    fanout.publish('t_x', built);
    expect(built).not.toHaveBeenCalled();
  });

  it('runs the ticks of one period in order, and drops at the heartbeat a peer its protocol says is gone', () => {
    vi.useFakeTimers();
    const fanout = make(1000);
    const ran: string[] = [];
    fanout.every(50, () => ran.push('a'));
    fanout.every(50, () => ran.push('b'));
    fanout.every(100, () => ran.push('slow'));
    fanout.onHeartbeat(() => ran.push('beat'));
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['a', 'b', 'a', 'b', 'slow']);
    const p = peer();
    fanout.attach(p);
    expect(fanout.connections).toBe(1);
    alive.value = false;
    vi.advanceTimersByTime(900);
    expect(ran.filter((r) => r === 'beat')).toHaveLength(1);
    expect(fanout.connections).toBe(0);
    alive.value = true;
  });
});
