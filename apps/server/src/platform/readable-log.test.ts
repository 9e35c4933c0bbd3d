import { describe, expect, it } from 'vitest';
import { readableLine } from './readable-log.ts';

describe('the readable log', () => {
  it('writes one line: time, level, message and the other fields, without pid and host', () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 1, 9, 5, 7),
      pid: 1,
      hostname: 'vm',
      msg: 'exchange ready',
      url: 'http://localhost:8080/',
      demo: true,
    });
    expect(readableLine(json)).toBe('09:05:07 INFO  exchange ready url=http://localhost:8080/ demo=true\n');
  });

  it("follows an error's line with its stack, and passes a line that is not JSON as it is", () => {
    const json = JSON.stringify({ level: 50, time: 0, msg: 'call failed', err: { stack: 'Error: boom\n    at x' } });
    expect(readableLine(json)).toBe('00:00:00 ERROR call failed\nError: boom\n    at x\n');
    expect(readableLine('plain\n')).toBe('plain\n');
  });
});
