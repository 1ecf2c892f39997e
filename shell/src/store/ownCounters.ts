import type { MessageUnreadCounts } from '@portal/contracts/messages';
import { setUnreadCounters } from '@portal/event-bus';

let applying = false;

/**
 * Puts message counters the shell's own calls answered (read, read-all, delete, the centre's
 * first look) on the bus. The bus bridge leaves the cached lists alone for these: the call that
 * answered them has already refreshed (or deliberately kept) what is on screen.
 */
export function applyServerCounters(messages: MessageUnreadCounts): void {
  applying = true;
  try {
    setUnreadCounters({ messages });
  } finally {
    applying = false;
  }
}

/** Whether the counters being published right now come from applyServerCounters. */
export const applyingServerCounters = (): boolean => applying;
