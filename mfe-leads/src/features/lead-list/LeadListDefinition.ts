import type { LeadListKind } from '@portal/contracts';
import type { LeadColumnKey } from './leadColumns';

/** What makes one lead list page: the generic LeadListPage configured per list. */
export interface LeadListDefinition {
  /** The page title. */
  title: string;
  /**
   * The list: its rows (the catalogue's leadListEndpoints[kind], every kind it shows:
   * LIST_SHOWN_KINDS), its CSV download (leadExportEndpoints[kind]) and the shared unread counter
   * it moves. Each row acts through its own kind's calls (useLeadActions).
   */
  kind: LeadListKind;
  /** Query parameters the list and its export always send (the form list's platformId). */
  fixedParams?: Readonly<Record<string, string | number>>;
  /** The columns, in order; conditional ones show only when their data or switch says so. */
  columns: readonly LeadColumnKey[];
  /** Rows link to the feedback message detail page. */
  detailPage?: boolean;
  /** Shows the smart-investment counters above the filters. */
  summary?: boolean;
}
