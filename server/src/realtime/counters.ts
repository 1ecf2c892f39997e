import { LEAD_LIST_KINDS, type LeadListKind } from '@portal/contracts';
import { type LeadUnreadCounts } from '@portal/contracts/leads';

/** The unread counts of the four lead lists with a badge, out of every kind's. */
export const leadListCounts = (unread: LeadUnreadCounts): Record<LeadListKind, number> =>
  Object.fromEntries(LEAD_LIST_KINDS.map((kind) => [kind, unread[kind]])) as Record<LeadListKind, number>;
