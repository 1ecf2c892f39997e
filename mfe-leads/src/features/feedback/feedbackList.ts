import { LEAD_EXPORT_PATHS, LEAD_KIND_LABELS, LEAD_LIST_PATHS } from '@portal/contracts';
import type { LeadListDefinition } from '../lead-list/LeadListDefinition';
import { FEEDBACKS_CALLS } from '../lead-list/leadFamilies';

/** /feedback, bidding (ordinary investment) leads: search-engine leads with their genre and template. */
export const FEEDBACK_LIST: LeadListDefinition = {
  title: LEAD_KIND_LABELS.feedback,
  counter: 'feedback',
  listPath: LEAD_LIST_PATHS.feedback,
  exportPath: LEAD_EXPORT_PATHS.feedback,
  calls: FEEDBACKS_CALLS,
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
