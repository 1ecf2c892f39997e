import { CrmHttpError } from './http';
import type { CallLimit, CallPacer } from './types';

/**
 * Keeping to a CRM's documented call rate (lixiao 10 calls per 10 s per company, xbb 3 writes a
 * second and 1,000 calls a minute) by the connector itself, instead of learning it from 429s.
 *
 * A call takes a slot of every limit that counts it; a slot is held while the call is in flight
 * and for `windowMs` after its answer arrived. The CRM counts a call when it arrives, which is
 * never after its answer left, so a CRM counting any window of its own never sees more than
 * `calls`, whatever the network's delays (the fakes check exactly this, with no slack).
 *
 * A call whose turn is more than `maxWaitMs` away is not made: `run` throws a 'rate' CrmHttpError
 * marked `paced` with the wait, which the push turns into a 'deferred' outcome (released untried,
 * no try counted) so that the worker's lease never waits on a long queue.
 */

export interface PacerOptions {
  /** The longest a call waits for its turn before it is deferred (default 5 s, times `scale`). */
  maxWaitMs?: number;
  /** Multiplies every window (tests and the bench run a documented rate faster; 1 in production). */
  scale?: number;
  now?: () => number;
}

/** A 'rate' failure that no call caused: the pacer's own wait. */
export class PacedError extends CrmHttpError {
  constructor(waitMs: number) {
    super('rate', `paced: the CRM's documented call rate is spent for ${waitMs} ms`, waitMs, true);
    this.name = 'PacedError';
  }
}

interface Window {
  limit: CallLimit;
  /** Answer times of finished calls still inside the window, oldest first. */
  finished: number[];
  inFlight: number;
}

export class SlidingWindowPacer implements CallPacer {
  private readonly windows: Window[];
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  /** Calls wait their turn in order. */
  private queue: Promise<void> = Promise.resolve();
  /** Wakes the head of the queue when a call in flight finishes. */
  private wake: (() => void) | null = null;

  constructor(limits: readonly CallLimit[], options: PacerOptions = {}) {
    const scale = options.scale ?? 1;
    this.windows = limits.map((limit) => ({
      limit: { ...limit, windowMs: Math.max(1, Math.round(limit.windowMs * scale)) },
      finished: [],
      inFlight: 0,
    }));
    this.maxWaitMs = options.maxWaitMs ?? Math.round(5000 * scale);
    this.now = options.now ?? Date.now;
  }

  /** True when nothing is in flight or remembered (the pacer may be dropped). */
  get idle(): boolean {
    const now = this.now();
    return this.windows.every((window) => window.inFlight === 0 && window.finished.every((at) => at + window.limit.windowMs <= now));
  }

  async run<T>(write: boolean, call: () => Promise<T>): Promise<T> {
    const windows = this.windows.filter((window) => write || !window.limit.writes);
    if (windows.length === 0) return call();
    const turn = this.queue.then(() => this.acquire(windows));
    // The next caller waits for this one's slot, not for its call.
    this.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    await turn;
    try {
      return await call();
    } finally {
      const at = this.now();
      for (const window of windows) {
        window.inFlight -= 1;
        window.finished.push(at);
      }
      this.wake?.();
    }
  }

  /** Waits until every window has a slot (or throws PacedError), then takes them. */
  private async acquire(windows: Window[]): Promise<void> {
    const started = this.now();
    for (;;) {
      const now = this.now();
      let waitMs = 0;
      let blockedByFlight = false;
      for (const window of windows) {
        while (window.finished.length > 0 && window.finished[0] + window.limit.windowMs <= now) window.finished.shift();
        if (window.inFlight + window.finished.length < window.limit.calls) continue;
        if (window.finished.length > 0) waitMs = Math.max(waitMs, window.finished[0] + window.limit.windowMs - now);
        else blockedByFlight = true;
      }
      if (waitMs === 0 && !blockedByFlight) break;
      // Known waits beyond the budget are not waited for; a window full of calls in flight waits at least one window.
      const expected = Math.max(waitMs, blockedByFlight ? Math.max(...windows.map((window) => window.limit.windowMs)) : 0);
      if (now - started + expected > this.maxWaitMs) throw new PacedError(expected);
      await new Promise<void>((resolve) => {
        const timer = waitMs > 0 ? setTimeout(done, waitMs) : undefined;
        function done() {
          if (timer) clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
    for (const window of windows) window.inFlight += 1;
  }
}
