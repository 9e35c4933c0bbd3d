import { describe, expect, it } from 'vitest';
import { decodeEvents } from './event-decoder.ts';
import { defineRules } from './market-rules.ts';
import { OrderBook } from './order-book.ts';
import { restore, snapshot } from './snapshot.ts';
import { stateHash } from './state-hash.ts';
import { commandStream } from './testing/command-stream.ts';

const rules = defineRules({ depthSteps: [1, 10] });

function bookAfter(commands: number, seed = 3): OrderBook {
  const book = new OrderBook(rules);
  const next = commandStream(seed);
  for (let i = 0; i < commands; i++) book.apply(next());
  return book;
}

describe('snapshot and restore', () => {
  it('round-trips through JSON to a book with the same state hash', () => {
    const book = bookAfter(3000);
    const copy = restore(JSON.parse(JSON.stringify(snapshot(book))));
    expect(book.orderCount).toBeGreaterThan(0);
    expect(book.rising.slots.length + book.falling.slots.length).toBeGreaterThan(0);
    expect(stateHash(copy)).toBe(stateHash(book));
    expect(snapshot(copy)).toEqual(snapshot(book));
  });

  it('a restored book emits the same events as the original from then on', () => {
    const book = bookAfter(2000);
    const copy = restore(snapshot(book));
    const next = commandStream(99);
    for (let i = 0; i < 2000; i++) {
      const cmd = next();
      book.apply(cmd);
      copy.apply(cmd);
      expect(decodeEvents(copy.events)).toEqual(decodeEvents(book.events));
    }
    expect(stateHash(copy)).toBe(stateHash(book));
  });

  it('replaying a command log gives the same hash, and a different log another one', () => {
    expect(stateHash(bookAfter(1500))).toBe(stateHash(bookAfter(1500)));
    expect(stateHash(bookAfter(1500))).not.toBe(stateHash(bookAfter(1501)));
    expect(stateHash(bookAfter(1500, 4))).not.toBe(stateHash(bookAfter(1500)));
  });

  it('holds numbers and strings only', () => {
    const json = JSON.stringify(snapshot(bookAfter(500)));
    expect(JSON.stringify(JSON.parse(json))).toBe(json);
    expect(json).toMatch(/"orders":\[\{"id":/);
  });
});
