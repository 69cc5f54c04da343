import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTLESS_BYTES_DEADLINE_MS, FIRST_BYTE_DEADLINE_MS, StreamWatch } from '../src/panel/stream-watch.js';

describe('StreamWatch', () => {
  let reasons: string[];
  const watch = () =>
    new StreamWatch(
      (reason) => reasons.push(reason),
      () => Date.now(),
    );
  beforeEach(() => {
    vi.useFakeTimers();
    reasons = [];
  });
  afterEach(() => vi.useRealTimers());

  it('lets a stream whose events come in their own chunks stream', () => {
    const w = watch();
    vi.advanceTimersByTime(50);
    for (let i = 0; i < 6; i++) {
      w.chunk();
      w.event();
      vi.advanceTimersByTime(400);
    }
    expect(w.end()).toBe('streaming');
    vi.advanceTimersByTime(10_000);
    expect(reasons).toEqual([]);
  });

  it('judges a stream held back when no byte comes within 2 s', () => {
    const w = watch();
    vi.advanceTimersByTime(FIRST_BYTE_DEADLINE_MS - 1);
    expect(w.buffered).toBe(false);
    vi.advanceTimersByTime(1);
    expect(reasons).toEqual(['no byte within 2 s of the request']);
  });

  it('judges bytes that never become events, 1.5 s after the first', () => {
    const w = watch();
    w.chunk();
    vi.advanceTimersByTime(EVENTLESS_BYTES_DEADLINE_MS - 1);
    w.chunk();
    expect(reasons).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reasons).toEqual(['bytes without events']);
  });

  it('judges a whole answer that arrived in one chunk after a wait, once', () => {
    const w = watch();
    vi.advanceTimersByTime(1800); // the first byte came just in time...
    w.chunk();
    for (let i = 0; i < 5; i++) w.event(); // ...with every event of the answer
    expect(w.end()).toBe('buffered');
    expect(reasons).toEqual(['the whole answer arrived at the end']);
  });

  it('does not judge a quick answer that fits in one chunk, nor a cancelled turn', () => {
    const quick = watch();
    quick.chunk();
    for (let i = 0; i < 5; i++) quick.event();
    expect(quick.end()).toBe('streaming');
    const cancelled = watch();
    cancelled.cancel();
    vi.advanceTimersByTime(10_000);
    expect(reasons).toEqual([]);
  });
});
