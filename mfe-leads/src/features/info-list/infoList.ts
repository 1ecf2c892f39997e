import { LEAD_KIND_LABELS } from '@portal/contracts/leads';
import type { LeadListDefinition } from '../lead-list/LeadListDefinition';

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
  kind: 'infoList',
  columns: FORM_LEAD_COLUMNS,
};
