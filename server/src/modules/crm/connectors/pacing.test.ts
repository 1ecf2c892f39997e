import { CrmHttpError } from './http';
import { PacedError, SlidingWindowPacer } from './pacing';

/**
 * The pacer keeps to a documented rate: at most `calls` calls start in any window (counted from
 * the start of each call, which is when a CRM would count it), whatever the calls' own durations.
 */

interface Seen {
  start: number;
  end: number;
}

/** A call that takes `ms` and records when it ran. */
const callTaking = (seen: Seen[], ms: number) => async (): Promise<number> => {
  const start = Date.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  seen.push({ start, end: Date.now() });
  return seen.length;
};

/** The most calls that started within any window of `windowMs`. */
function busiestWindow(seen: Seen[], windowMs: number): number {
  const starts = seen.map((call) => call.start).sort((a, b) => a - b);
  let most = 0;
  for (const [i, start] of starts.entries()) most = Math.max(most, starts.slice(i).filter((other) => other < start + windowMs).length);
  return most;
}

describe('SlidingWindowPacer', () => {
  it('lets at most `calls` calls start in any window, sequential or all at once', async () => {
    const pacer = new SlidingWindowPacer([{ calls: 4, windowMs: 40 }], { maxWaitMs: 10_000 });
    const seen: Seen[] = [];
    // Twelve callers at once, each call of a different length.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => pacer.run(false, callTaking(seen, i % 3))));
    expect(answers).toHaveLength(12);
    expect(seen).toHaveLength(12);
    expect(busiestWindow(seen, 40)).toBeLessThanOrEqual(4);
    // It did make them wait: twelve calls at four per window span at least two windows.
    const starts = seen.map((call) => call.start);
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThanOrEqual(80);
  });

  it('counts a window from the end of a slow call: no more than `calls` are in flight or recent', async () => {
    const pacer = new SlidingWindowPacer([{ calls: 2, windowMs: 30 }], { maxWaitMs: 10_000 });
    const seen: Seen[] = [];
    await Promise.all(Array.from({ length: 6 }, () => pacer.run(false, callTaking(seen, 25))));
    // A call starts only when fewer than 2 others are in flight or ended within the last 30 ms.
    for (const call of seen) {
      const busy = seen.filter((other) => other !== call && other.start <= call.start && other.end > call.start - 30);
      expect(busy.length).toBeLessThan(2);
    }
  });

  it('paces writes alone under a writes-only limit, and every call under the other', async () => {
    const pacer = new SlidingWindowPacer(
      [
        { calls: 1, windowMs: 10_000, writes: true },
        { calls: 100, windowMs: 10_000 },
      ],
      { maxWaitMs: 50 },
    );
    const seen: Seen[] = [];
    await pacer.run(true, callTaking(seen, 0));
    // Reads are not held by the spent write window.
    await expect(Promise.all([pacer.run(false, callTaking(seen, 0)), pacer.run(false, callTaking(seen, 0))])).resolves.toHaveLength(2);
    // A second write's turn is ~10 s away, beyond the 50 ms it may wait: deferred, never called.
    const before = seen.length;
    const deferred = await pacer.run(true, callTaking(seen, 0)).catch((error: unknown) => error);
    expect(deferred).toBeInstanceOf(PacedError);
    expect(deferred).toBeInstanceOf(CrmHttpError);
    expect((deferred as PacedError).paced).toBe(true);
    expect((deferred as PacedError).cause).toBe('rate');
    expect((deferred as PacedError).retryAfterMs).toBeGreaterThan(9_000);
    expect(seen).toHaveLength(before);
  });

  it('scales every window by `scale`', async () => {
    const pacer = new SlidingWindowPacer([{ calls: 1, windowMs: 10_000 }], { scale: 0.002, maxWaitMs: 5_000 });
    const seen: Seen[] = [];
    await Promise.all([pacer.run(false, callTaking(seen, 0)), pacer.run(false, callTaking(seen, 0))]);
    // 10 s scaled to 20 ms: the second call waited about one window, not ten seconds.
    expect(seen[1].start - seen[0].end).toBeGreaterThanOrEqual(19);
    expect(seen[1].start - seen[0].end).toBeLessThan(5_000);
  });

  it('a failed call frees its slot after the window like any other, and the error reaches the caller', async () => {
    const pacer = new SlidingWindowPacer([{ calls: 1, windowMs: 20 }], { maxWaitMs: 1_000 });
    await expect(pacer.run(false, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(pacer.run(false, () => Promise.resolve('after'))).resolves.toBe('after');
    expect(pacer.idle).toBe(false);
  });

  it('scales the longest wait too: a scaled 5 s budget defers a turn a scaled 10 s window away', async () => {
    const pacer = new SlidingWindowPacer([{ calls: 1, windowMs: 10_000 }], { scale: 0.002 });
    await pacer.run(false, () => Promise.resolve(1));
    await expect(pacer.run(false, () => Promise.resolve(2))).rejects.toBeInstanceOf(PacedError);
  });
});
