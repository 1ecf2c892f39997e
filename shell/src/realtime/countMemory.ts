import type { LeadListKind } from '@portal/contracts';

/** What the realtime layer counts: the customer's unread messages (the bell's total), each lead list's unread and the chat's. */
export type CountKey = 'messages' | LeadListKind | 'chat';

/**
 * The remembered counts the poller and the socket's snapshots compare against (spec 000 section 4:
 * "comparing the total to a remembered count"). One memory serves both, so a poll after the socket
 * dropped compares with what the socket last saw, and a snapshot after a reconnect compares with what
 * the poller last saw: nothing is missed and nothing is announced twice.
 */
export class CountMemory {
  readonly #counts = new Map<CountKey, number>();

  /**
   * Stores `total` and answers by how much it exceeds the remembered count: 0 the first time (the
   * first look only remembers), and 0 when it is equal or lower (leads were read; the lower count is
   * stored so that the next arrival is noticed again).
   */
  compare(key: CountKey, total: number): number {
    if (!Number.isFinite(total)) return 0;
    const known = this.#counts.get(key);
    this.#counts.set(key, total);
    return known === undefined ? 0 : Math.max(0, total - known);
  }

  /** Stores a count that needs no notice (the server's counters after a read, say). */
  remember(key: CountKey, total: number): void {
    if (Number.isFinite(total)) this.#counts.set(key, total);
  }

  /** Adds arrivals already announced one by one (socket frames), when a count is known. */
  add(key: CountKey, n: number): void {
    const known = this.#counts.get(key);
    if (known !== undefined) this.#counts.set(key, known + n);
  }

  get(key: CountKey): number | undefined {
    return this.#counts.get(key);
  }
}
