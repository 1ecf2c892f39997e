import { LEAD_EXPORT_PATHS, LEAD_KIND_LABELS, LEAD_LIST_PATHS } from '@portal/contracts';
import type { LeadListDefinition } from '../lead-list/LeadListDefinition';
import { FEEDBACKS_CALLS } from '../lead-list/leadFamilies';

/** Columns of the form leads (information feed and the platform-1 form list). */
export const FORM_LEAD_COLUMNS: LeadListDefinition['columns'] = [
  'itemTitle',
  'name',
  'mobile',
  'mobileStatus',
  'other',
  'channelTitle',
  'region',
  'content',
  'templateStyle',
  'createTime',
  'crmFollower',
  'remark',
  'callData',
  'actions',
  'pageUrl',
];

/** /info-list, information-feed form leads (actions on /customer/feedback/feedbacks/...). */
export const INFO_LIST: LeadListDefinition = {
  title: LEAD_KIND_LABELS.infoList,
  counter: 'infoList',
  listPath: LEAD_LIST_PATHS.infoList,
  exportPath: LEAD_EXPORT_PATHS.infoList,
  calls: FEEDBACKS_CALLS,
  columns: FORM_LEAD_COLUMNS,
};
