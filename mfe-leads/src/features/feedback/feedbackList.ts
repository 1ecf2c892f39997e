import { LEAD_KIND_LABELS } from '@portal/contracts/leads';
import type { LeadListDefinition } from '../lead-list/LeadListDefinition';

/** /feedback, bidding (ordinary investment) leads: search-engine leads with their genre and template. */
export const FEEDBACK_LIST: LeadListDefinition = {
  title: LEAD_KIND_LABELS.feedback,
  kind: 'feedback',
  detailPage: true,
  columns: [
    'itemTitle',
    'name',
    'mobile',
    'mobileStatus',
    'other',
    'channelTitle',
    'searchEngine',
    'searchWord',
    'region',
    'content',
    'genre',
    'templateStyle',
    'createTime',
    'crmFollower',
    'remark',
    'callData',
    'actions',
    'pageUrl',
  ],
};
