import { LEAD_LIST_ROUTES, listShowingKind } from '@portal/contracts';
import { DuplicateText, leadListQuerySchema, phoneKeyOf, type Lead } from '@portal/contracts/leads';
import { ANY } from './leadFilters';
import { LeadListText } from './texts';

/** The 重复线索 filter's choices (the `duplicate` query parameter): 全部 (left out), 只看重复 (1), 不含重复 (0). */
export const DUPLICATE_FILTER_OPTIONS = [
  { value: ANY, label: LeadListText.Any },
  { value: 1, label: DuplicateText.OnlyDuplicates },
  { value: 0, label: DuplicateText.WithoutDuplicates },
];

/** What a duplicate row says of its original. */
export type DuplicateLead = Pick<Lead, 'mobile' | 'duplicateOf' | 'duplicateReason' | 'duplicateFirst'>;

export const isDuplicate = (lead: DuplicateLead): boolean => lead.duplicateOf !== null && lead.duplicateOf !== undefined;

/**
 * The list showing a duplicate's original, in that list's URL state (leadFiltersToQuery's names):
 * the original's China day (startTime = endTime) and the duplicate's phone as duplicates compare
 * it (phoneKeyOf: the row's digits without the 86 / 0086 code), left out when the list's phone
 * filter would not take it (a match on the other contact only). null when the row names no
 * original or its kind is shown by no list.
 */
export function firstLeadHref({ mobile, duplicateFirst }: Pick<Lead, 'mobile' | 'duplicateFirst'>): string | null {
  if (!duplicateFirst) return null;
  const list = listShowingKind(duplicateFirst.listKind);
  if (!list) return null;
  const query = new URLSearchParams({ startTime: duplicateFirst.day, endTime: duplicateFirst.day });
  const phone = phoneKeyOf(mobile);
  if (phone && leadListQuerySchema.shape.phone.safeParse(phone).success) query.set('phone', phone);
  return `${LEAD_LIST_ROUTES[list]}?${query.toString()}`;
}
