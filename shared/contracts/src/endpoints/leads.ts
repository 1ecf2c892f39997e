import { LEAD_KIND_LABELS } from '../leads/kinds';
import {
  cpcIdBodySchema,
  cpcIdsBodySchema,
  cpcQuerySchema,
  cpcReadBatchBodySchema,
  cpcReadBodySchema,
  leadActionResultSchema,
  leadDeleteIdsBodySchema,
  leadExportQuerySchema,
  leadIdParamsSchema,
  leadIdsBodySchema,
  leadListQuerySchema,
  leadRemarkSchema,
  leadSchema,
  leadSummarySchema,
  leadUnreadCountsSchema,
  todayHeaderRemarkSchema,
} from '../leads/schemas';
import { leadRulesSaveSchema, leadRulesSchema } from '../leads/duplicates';
import { phoneRecheckResultSchema, phoneRecheckSchema } from '../leads/phoneCheck';
import type { LeadKind } from '../leads/kinds';
import { endpoint } from './define';

/*
 * The lead lists and their actions, spec 001 section 7 "Lead list calls related to assignment",
 * every path verbatim. Each id must be a live lead of the logged-in customer on the path's list
 * family, else 404 '数据不存在' and nothing changes (batches are all or nothing). Every action
 * answers `{code: '200', message, data: {count, unread}}` where `unread` holds the new unread
 * counts of every list kind.
 */

const tag = 'leads';

const list = <P extends string>(path: P, kind: LeadKind) =>
  endpoint({
    method: 'GET',
    path,
    tag,
    summary: `${LEAD_KIND_LABELS[kind]}列表 (默认今天; 分页信息在 x-pagination-info 与 link 响应头)`,
    query: leadListQuerySchema,
    answer: 'page',
    response: leadSchema,
    errors: [404],
  });

const download = <P extends string>(path: P, kind: LeadKind) =>
  endpoint({
    method: 'GET',
    path,
    tag,
    summary: `导出${LEAD_KIND_LABELS[kind]} (CSV, UTF-8 带 BOM; 必须选择时间范围, 最长366天)`,
    heavy: true,
    query: leadExportQuerySchema,
    answer: 'file',
    produces: ['text/csv'],
    errors: [404],
  });

type Action = 'read' | 'unread' | 'delete';
const ACTION_SUMMARIES: Record<Action, string> = { read: '标记已读', unread: '标记未读', delete: '删除 (status 置为 -1)' };

/** A per-lead action on the `{id}` of the path, no body. */
const single = <M extends 'PUT' | 'DELETE', P extends string>(method: M, path: P, action: Action) =>
  endpoint({
    method,
    path,
    tag,
    summary: `${ACTION_SUMMARIES[action]} (单条)`,
    params: leadIdParamsSchema,
    answer: 'code',
    response: leadActionResultSchema,
    errors: [404],
  });

/** A batch action: body `{ids: [...]}` or the bare array `[...]` (both accepted everywhere), at most 500. */
const batch = <P extends string, A extends Action>(path: P, action: A) =>
  endpoint({
    method: 'PUT',
    path,
    tag,
    summary: `批量${ACTION_SUMMARIES[action]}; body {ids: number[]} 或 number[]`,
    body: (action === 'delete' ? leadDeleteIdsBodySchema : leadIdsBodySchema) as typeof leadIdsBodySchema,
    answer: 'code',
    response: leadActionResultSchema,
    errors: [404],
  });

const remark = <P extends string>(path: P) =>
  endpoint({
    method: 'PUT',
    path,
    tag,
    summary: '修改备注 (最多500字, 空串清除)',
    params: leadIdParamsSchema,
    body: leadRemarkSchema,
    answer: 'code',
    response: leadActionResultSchema,
    errors: [404],
  });

/** A CPC action (POST, ids in the query string or a JSON body). */
const cpc = <P extends string, B extends typeof cpcIdBodySchema | typeof cpcIdsBodySchema | typeof cpcReadBodySchema | typeof cpcReadBatchBodySchema>(
  path: P,
  summary: string,
  body: B,
) => endpoint({ method: 'POST', path, tag, summary, query: cpcQuerySchema, body, answer: 'code', response: leadActionResultSchema, errors: [404] });

/** GET of each lead list, by kind: the customer's live leads of that kind, newest first. */
export const leadListEndpoints = {
  feedback: list('/customer/feedback/feedbacks', 'feedback'),
  infoList: list('/customer/feedback/feedbacks/form-list', 'infoList'),
  resource: list('/customer/feedback/resource', 'resource'),
  baiList: list('/customer/feedback/baidu-flow', 'baiList'),
  todayHeader: list('/customer/feedback/today-header-flow', 'todayHeader'),
  distribution: list('/customer/feedback/resource-distribution', 'distribution'),
  cpc: list('/customer/feedback/resourceCpchandler', 'cpc'),
} satisfies Record<LeadKind, unknown>;

/** CSV downloads (browser navigation), by kind. */
export const leadExportEndpoints = {
  resource: download('/customer/feedback/resource/files', 'resource'),
  infoList: download('/customer/feedback/feedbacks/form-list-file', 'infoList'),
  feedback: download('/customer/feedback/feedbacks/files', 'feedback'),
  baiList: download('/customer/feedback/feedbacks/downloadlist', 'baiList'),
} satisfies Partial<Record<LeadKind, unknown>>;

/**
 * The actions of each family of lists. Bidding, information-feed and form leads share
 * /customer/feedback/feedbacks/...; the others have their own paths.
 */
export const leadActionEndpoints = {
  feedbacks: {
    remark: remark('/customer/feedback/feedbacks/{id}'),
    read: single('PUT', '/customer/feedback/feedbacks/{id}/read', 'read'),
    unread: single('PUT', '/customer/feedback/feedbacks/{id}/unread', 'unread'),
    remove: single('DELETE', '/customer/feedback/feedbacks/{id}', 'delete'),
    readMany: batch('/customer/feedback/feedbacks/read', 'read'),
    unreadMany: batch('/customer/feedback/feedbacks/unread', 'unread'),
    removeMany: batch('/customer/feedback/feedbacks/deleteList', 'delete'),
  },
  resource: {
    remark: remark('/customer/feedback/resource/{id}'),
    read: single('PUT', '/customer/feedback/resource/{id}/read', 'read'),
    unread: single('PUT', '/customer/feedback/resource/{id}/unread', 'unread'),
    remove: single('PUT', '/customer/feedback/resource/{id}/delete', 'delete'),
    readMany: batch('/customer/feedback/resource/ids/read/many', 'read'),
    unreadMany: batch('/customer/feedback/resource/ids/unread/many', 'unread'),
    removeMany: batch('/customer/feedback/resource/deleteList', 'delete'),
  },
  resourceDistribution: {
    readMany: batch('/customer/feedback/resource-distribution/ids/read', 'read'),
    unreadMany: batch('/customer/feedback/resource-distribution/ids/unread', 'unread'),
    removeMany: batch('/customer/feedback/resource-distribution/ids/del-status', 'delete'),
  },
  baiduFlow: {
    remark: remark('/customer/feedback/baidu-flow/{id}'),
    read: single('PUT', '/customer/feedback/baidu-flow/{id}/read', 'read'),
    unread: single('PUT', '/customer/feedback/baidu-flow/{id}/unread', 'unread'),
    remove: single('DELETE', '/customer/feedback/baidu-flow/{id}/delete', 'delete'),
    readMany: batch('/customer/feedback/baidu-flow/ids/read/many', 'read'),
    unreadMany: batch('/customer/feedback/baidu-flow/ids/unread/many', 'unread'),
    removeMany: batch('/customer/feedback/baidu-flow/deleteList', 'delete'),
  },
  todayHeaderFlow: {
    remark: endpoint({
      method: 'PUT',
      path: '/customer/feedback/today-header-flow/{id}',
      tag,
      summary: "修改备注 (最多500字); tableName 可选, 须为 'today_header_flow'",
      params: leadIdParamsSchema,
      body: todayHeaderRemarkSchema,
      answer: 'code',
      response: leadActionResultSchema,
      errors: [404],
    }),
    read: single('PUT', '/customer/feedback/today-header-flow/{id}/read', 'read'),
    unread: single('PUT', '/customer/feedback/today-header-flow/{id}/unread', 'unread'),
    remove: single('DELETE', '/customer/feedback/today-header-flow/{id}/delete', 'delete'),
    // The spec lists today-header-flow's calls as PUT: its delete answers PUT as well as DELETE.
    removeByPut: single('PUT', '/customer/feedback/today-header-flow/{id}/delete', 'delete'),
    readMany: batch('/customer/feedback/today-header-flow/ids/read/many', 'read'),
    unreadMany: batch('/customer/feedback/today-header-flow/ids/unread/many', 'unread'),
    removeMany: batch('/customer/feedback/today-header-flow/deleteList', 'delete'),
  },
  // Regular-investment CPC resources: spec 001 gives them no body, so the ids may come in the query.
  resourceCpc: {
    remove: cpc('/customer/feedback/resourceCpchandler/delete', '删除 (query id, 或 body {id})', cpcIdBodySchema),
    removeMany: cpc('/customer/feedback/resourceCpchandler/deleteBatch', '批量删除 (query ids=1,2, 或 body {ids} / number[])', cpcIdsBodySchema),
    setRead: cpc(
      '/customer/feedback/resourceCpchandler/updateReadStatus',
      '修改已读状态 (query id, readStatus, 或 body {id, readStatus})',
      cpcReadBodySchema,
    ),
    setReadMany: cpc(
      '/customer/feedback/resourceCpchandler/updateReadStatusBatch',
      '批量修改已读状态 (query ids=1,2, readStatus, 或 body {ids, readStatus})',
      cpcReadBatchBodySchema,
    ),
  },
};

/** The list families that act on leads, as the server's service names them. */
export type LeadActionFamily = keyof typeof leadActionEndpoints;

export const leadEndpoints = {
  lists: leadListEndpoints,
  exports: leadExportEndpoints,
  actions: leadActionEndpoints,
  detail: endpoint({
    method: 'GET',
    path: '/customer/feedback/feedbacks/{id}',
    tag,
    summary: '线索详情 (留言详情页)',
    params: leadIdParamsSchema,
    answer: 'json',
    response: leadSchema,
    errors: [404],
  }),
  resourceSummary: endpoint({
    method: 'GET',
    path: '/customer/feedback/resource/summary',
    tag,
    summary: '智能投放资源统计 (全部、未读、今日、今日未读、已分配、未分配)',
    answer: 'json',
    response: leadSummarySchema,
  }),
  rules: endpoint({
    method: 'GET',
    path: '/customer/lead-rules',
    tag,
    summary: '线索规则: 查重天数 (默认30天)、查重范围 (全部项目或同一项目)、重复线索的处理方式',
    answer: 'json',
    response: leadRulesSchema,
  }),
  saveRules: endpoint({
    method: 'PUT',
    path: '/customer/lead-rules',
    tag,
    summary: '保存线索规则 (之后到达的线索按新规则查重)',
    body: leadRulesSaveSchema,
    answer: 'json',
    response: leadRulesSchema,
  }),
  phoneRecheck: endpoint({
    method: 'POST',
    path: '/customer/leads/phone-check',
    tag,
    summary: '重新检测号码 (一次最多500条; 检测在后台进行, 结果显示在号码类型列)',
    body: phoneRecheckSchema,
    answer: 'json',
    response: phoneRecheckResultSchema,
  }),
  unreadCounts: endpoint({
    method: 'GET',
    path: '/customer/feedback/unread-counts',
    tag,
    summary: '各列表未读数 (侧边菜单角标)',
    answer: 'code',
    response: leadUnreadCountsSchema,
  }),
};
