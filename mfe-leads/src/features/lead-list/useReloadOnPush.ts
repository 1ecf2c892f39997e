import { kindsListedBy } from '@portal/contracts';
import type { LeadKind } from '@portal/contracts/leads';
import { getEventBus, LeadPushedEvent } from '@portal/event-bus';
import { useEffect, useRef } from 'react';

/** What a reload answers: RTK Query's state after it, and the id of the load it asked for. */
type Reload = () => PromiseLike<{ requestId?: string }> & { requestId: string };

/** A reload for pushes runs at most this many loads in a row (a steady stream of pushes waits for the next one). */
const MAX_ROUNDS = 5;

/**
 * Reloads the list when the CRM push of one of its shown leads ends (LeadPushedEvent, from the
 * shell's socket), so that its push state and receiver show; the rows stay where they are. One
 * reload at a time serves a burst of pushes: it loads again when pushes came during its load, or
 * when RTK Query joined it to a load already under way (begun before the push, so possibly stale).
 */
export function useReloadOnPush(kind: LeadKind, shownIds: readonly number[], reload: Reload): void {
  const shown = useRef(new Set<number>());
  shown.current = new Set(shownIds);
  const latestReload = useRef(reload);
  latestReload.current = reload;

  useEffect(() => {
    // The list shows leads of several kinds (a CPC resource on 竞价资源): a push of any of them counts.
    const listed: readonly LeadKind[] = kindsListedBy(kind);
    const state = { running: false, again: false, stopped: false };
    const run = async () => {
      state.running = true;
      try {
        for (let round = 0; state.again && !state.stopped && round < MAX_ROUNDS; round += 1) {
          state.again = false;
          const load = latestReload.current();
          const after = await load;
          if (after.requestId !== load.requestId) state.again = true;
        }
      } catch {
        // The list is gone (unmounted): nothing to show.
      } finally {
        state.running = false;
      }
    };
    const subscription = getEventBus().subscribe(LeadPushedEvent, (event) => {
      if (!listed.includes(event.payload.list) || !shown.current.has(event.payload.id)) return;
      state.again = true;
      if (!state.running) void run();
    });
    return () => {
      state.stopped = true;
      subscription.unsubscribe();
    };
  }, [kind]);
}
