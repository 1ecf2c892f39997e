import type { LeadListKind } from '@portal/contracts';
import type { LeadColumnKey } from './leadColumns';
import type { LeadFamilyCalls } from './leadFamilies';

/** What makes one lead list page: the generic LeadListPage configured per list. */
export interface LeadListDefinition {
  /** The page title. */
  title: string;
  /** The shared unread counter this list moves. */
  counter: LeadListKind;
  /** GET of the rows (LEAD_LIST_PATHS). */
  listPath: string;
  /** GET of the CSV download (LEAD_EXPORT_PATHS). */
  exportPath: string;
  /** Query parameters the list and its export always send (the form list's platformId). */
  fixedParams?: Readonly<Record<string, string | number>>;
  /** The list's action calls. */
  calls: LeadFamilyCalls;
  /** The columns, in order; conditional ones show only when their data or switch says so. */
  columns: readonly LeadColumnKey[];
  /** Rows link to the feedback message detail page. */
  detailPage?: boolean;
  /** Shows the smart-investment counters above the filters. */
  summary?: boolean;
}
