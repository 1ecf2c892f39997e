import { LEAD_EXPORT_PATHS, LEAD_KIND_LABELS, LEAD_LIST_PATHS } from '@portal/contracts';
import type { LeadListDefinition } from '../lead-list/LeadListDefinition';
import { BAIDU_FLOW_CALLS } from '../lead-list/leadFamilies';

/** /bai-list, the search-engine message board: the visitor's contacts, engine, words and message. */
export const BAI_LIST: LeadListDefinition = {
  title: LEAD_KIND_LABELS.baiList,
  counter: 'baiList',
  listPath: LEAD_LIST_PATHS.baiList,
  exportPath: LEAD_EXPORT_PATHS.baiList,
  calls: BAIDU_FLOW_CALLS,
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
