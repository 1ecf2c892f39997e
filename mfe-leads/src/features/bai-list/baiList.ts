import { LEAD_KIND_LABELS } from '@portal/contracts/leads';
import type { LeadListDefinition } from '../lead-list/LeadListDefinition';

/** /bai-list, the search-engine message board: the visitor's contacts, engine, words and message. */
export const BAI_LIST: LeadListDefinition = {
  title: LEAD_KIND_LABELS.baiList,
  kind: 'baiList',
  columns: [
    'itemTitle',
    'name',
    'mobile',
    'mobileStatus',
    'qq',
    'address',
    'searchEngine',
    'searchWord',
    'ipArea',
    'content',
    'source',
    'createTime',
    'crmFollower',
    'remark',
    'callData',
    'actions',
    'pageUrl',
  ],
};
