import type { LeadListKind } from '@portal/contracts';
import type { LeadColumnKey } from './leadColumns';
import type { LeadListFamily } from './leadListApi';

/** What makes one lead list page: the generic LeadListPage configured per list. */
export interface LeadListDefinition {
  /** The page title. */
  title: string;
  /**
   * The list: its rows (the catalogue's leadListEndpoints[kind]), its CSV download
   * (leadExportEndpoints[kind]) and the shared unread counter it moves.
   */
  kind: LeadListKind;
  /** Query parameters the list and its export always send (the form list's platformId). */
  fixedParams?: Readonly<Record<string, string | number>>;
  /** Whose action calls the rows use (the catalogue's leadActionEndpoints[family]). */
  family: LeadListFamily;
  /** The columns, in order; conditional ones show only when their data or switch says so. */
  columns: readonly LeadColumnKey[];
  /** Rows link to the feedback message detail page. */
  detailPage?: boolean;
  /** Shows the smart-investment counters above the filters. */
  summary?: boolean;
}
