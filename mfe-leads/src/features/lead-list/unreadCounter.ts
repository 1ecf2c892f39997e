import { LEAD_LIST_KINDS, type LeadActionResult, type LeadListKind } from '@portal/contracts';
import { adjustLeadUnread, setUnreadCounters } from '@portal/event-bus';

/**
 * Moves the shared unread counters after a lead action (spec 000 section 4): to the server's new
 * counts when the answer carries them, else by `delta` on this list (negative when leads were
 * read or unread ones deleted). The shell's badges follow at once.
 */
export function applyUnreadChange(result: Pick<LeadActionResult, 'unread'> | null | undefined, list: LeadListKind, delta: number): void {
  const unread = result?.unread as Partial<Record<LeadListKind, unknown>> | undefined;
  if (unread && typeof unread === 'object') {
    const leads: Partial<Record<LeadListKind, number>> = {};
    for (const kind of LEAD_LIST_KINDS) {
      const count = unread[kind];
      if (typeof count === 'number') leads[kind] = count;
    }
    if (Object.keys(leads).length > 0) {
      setUnreadCounters({ leads });
      return;
    }
  }
  if (delta !== 0) adjustLeadUnread(list, delta);
}
