import { LEAD_KINDS, type Lead, type LeadUnreadCounts } from '@portal/contracts/leads';

/** A lead row as the lists answer it (contracts' Lead), with what a test cares about overridden. */
export function leadRow(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 1,
    tableName: 'resource',
    listKind: 'resource',
    itemId: 11,
    itemTitle: '全国加盟项目',
    name: '张三',
    mobile: '13800138000',
    mobileStatus: 1,
    phoneClass: null,
    phoneHeld: null,
    other: '',
    channelId: null,
    channelTitle: '',
    showChannelTitle: false,
    searchWord: '奶茶加盟',
    region: '浙江杭州',
    province: '浙江',
    city: '杭州',
    resType: 1,
    descrip: '',
    otherInfo: '',
    createTime: '2026-03-01 10:00:00',
    crmFollower: null,
    crmFollowerId: null,
    crmPushed: false,
    crmPushState: null,
    remark: '',
    readStatus: 0,
    status: 0,
    genreId: null,
    genreTitle: '',
    templateStyle: null,
    templateStyleTitle: '',
    searchDomain: '',
    searchTitle: '',
    referrerUrl: '',
    pageUrl: '',
    showPageUrl: false,
    content: null,
    callData: [],
    datas: null,
    feedbackId: '',
    clientId: '',
    source: '',
    qq: '',
    address: '',
    ipArea: '',
    modeType: null,
    duplicateOf: null,
    duplicateReason: '',
    duplicateFirst: null,
    ...overrides,
  };
}

/** The x-pagination-info header of a page. */
export const paginationHeader = (totalRow: number, page = 1, pageSize = 10) => ({
  'x-pagination-info': JSON.stringify({ page, pageSize, totalRow, totalPage: Math.max(1, Math.ceil(totalRow / pageSize)) }),
});

/** A lead action's answer: `{code: '200', message, data: {count, unread}}`, the unread counts of every kind (0 unless given). */
export const actionAnswer = (message: string, count: number, unread: Partial<LeadUnreadCounts> = {}) => ({
  body: { code: '200', message, data: { count, unread: { ...Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])), ...unread } } },
});

export const ITEMS = [
  { id: 11, title: '全国加盟项目', status: 1, modeType: null },
  { id: 12, title: '审核中项目', status: 0, modeType: null },
  { id: 13, title: '华东推广项目', status: 1, modeType: null },
  { id: 14, title: '独立核算项目', status: 1, modeType: 1 },
];
