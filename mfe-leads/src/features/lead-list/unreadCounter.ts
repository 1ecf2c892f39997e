import { listUnreadCounts } from '@portal/contracts';
import { type LeadActionResult } from '@portal/contracts/leads';
import { setUnreadCounters } from '@portal/event-bus';

/**
 * Sets the shared unread counters of the lead lists to the server's new counts after a lead
 * action (spec 000 section 4): every action answers them, per kind; each list's counter sums the
 * kinds it shows. The shell's badges follow at once.
 */
export function applyUnreadCounts({ unread }: Pick<LeadActionResult, 'unread'>): void {
  setUnreadCounters({ leads: listUnreadCounts(unread) });
}
