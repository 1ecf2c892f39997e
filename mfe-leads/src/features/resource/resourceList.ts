import { LEAD_KIND_LABELS } from '@portal/contracts/leads';
import type { LeadListDefinition } from '../lead-list/LeadListDefinition';

/**
 * /resource, the smart-investment list: exactly the columns of spec 000 section 2, in its order
 * (推广渠道, 跟进详情 and 落地页 are conditional).
 */
export const RESOURCE_LIST: LeadListDefinition = {
  title: LEAD_KIND_LABELS.resource,
  kind: 'resource',
  summary: true,
  columns: [
    'itemTitle',
    'name',
    'mobile',
    'mobileStatus',
    'other',
    'channelTitle',
    'searchWord',
    'region',
    'resType',
    'otherInfo',
    'createTime',
    'crmFollower',
    'descrip',
    'remark',
    'callData',
    'actions',
    'pageUrl',
  ],
};
