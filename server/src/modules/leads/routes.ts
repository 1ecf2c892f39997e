import {
  cpcIdBodySchema,
  cpcQuerySchema,
  cpcIdsBodySchema,
  cpcReadBatchBodySchema,
  cpcReadBodySchema,
  LEAD_EXPORT_PATHS,
  LEAD_KIND_LABELS,
  LEAD_LIST_PATHS,
  LeadApiMessage,
  type LeadActionResult,
  leadActionResultSchema,
  leadDeleteIdsBodySchema,
  leadExportQuerySchema,
  leadIdParamsSchema,
  leadIdsBodySchema,
  type LeadKind,
  leadListQuerySchema,
  LeadMessage,
  leadRemarkSchema,
  leadSchema,
  leadSummarySchema,
  leadUnreadCountsSchema,
  ReadStatus,
  ResponseCode,
  todayHeaderRemarkSchema,
} from '@portal/contracts';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors';
import { setPaginationHeaders } from '../../http/pagination';
import { codeResponse, errorSchema, protectedErrors } from '../../http/schemas';
import { currentCustomerId } from '../../plugins/auth';
import { REQUEST_LIMITS } from '../../plugins/request-limits';
import { leadListCounts } from '../../realtime/counters';
import { exportLeads } from './export';
import * as leads from './service';
import type { LeadFamily } from './service';

const tags = ['leads'];
const F = '/customer/feedback';
const actionResponse = { 200: codeResponse(leadActionResultSchema), ...protectedErrors, 404: errorSchema } as const;
const answer = (message: string, data: LeadActionResult) => ({ code: ResponseCode.Success, message, data });

type Method = 'PUT' | 'DELETE' | 'POST';
type Action = 'read' | 'unread' | 'delete';

const ACTION_MESSAGES: Record<Action, string> = {
  read: LeadMessage.ReadSucceeded,
  unread: LeadMessage.ReadSucceeded,
  delete: LeadMessage.DeleteSucceeded,
};
const ACTION_SUMMARIES: Record<Action, string> = { read: '标记已读', unread: '标记未读', delete: '删除 (status 置为 -1)' };

/**
 * The lead lists and their actions, spec 001 section 7 "Lead list calls related to
 * assignment", every path verbatim. Each id must be a live lead of the logged-in customer on
 * the path's list family, else 404 '数据不存在' and nothing changes (batches are all or nothing).
 * Every action answers `{code: '200', message, data: {count, unread}}` where `unread` holds the
 * new unread counts of every list kind.
 */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireLogin);

  // After the commit, the new counters go to the customer's other tabs (realtime topic unread).
  const apply = async (family: LeadFamily, action: Action, customerId: number, ids: readonly number[]) => {
    const result =
      action === 'delete'
        ? await leads.remove(app.db, customerId, family, ids)
        : await leads.markRead(app.db, customerId, family, ids, action === 'read' ? ReadStatus.Read : ReadStatus.Unread);
    app.events.emit('counters.changed', { customerId, leads: leadListCounts(result.unread) });
    return result;
  };

  /** A per-lead action on `{id}` of the path. */
  const single = (method: Method, url: string, family: LeadFamily, action: Action) =>
    app.route({
      method,
      url,
      schema: { tags, summary: `${ACTION_SUMMARIES[action]} (单条)`, params: leadIdParamsSchema, response: actionResponse },
      handler: async (request) =>
        answer(ACTION_MESSAGES[action], await apply(family, action, currentCustomerId(request), [request.params.id])),
    });

  /** A batch action: body `{ids: [...]}` or the bare array `[...]` (both accepted everywhere), at most 500. */
  const batch = (url: string, family: LeadFamily, action: Action) =>
    app.route({
      method: 'PUT',
      url,
      schema: {
        tags,
        summary: `批量${ACTION_SUMMARIES[action]}; body {ids: number[]} 或 number[]`,
        body: action === 'delete' ? leadDeleteIdsBodySchema : leadIdsBodySchema,
        response: actionResponse,
      },
      handler: async (request) =>
        answer(ACTION_MESSAGES[action], await apply(family, action, currentCustomerId(request), request.body.ids)),
    });

  const remark = (url: string, family: LeadFamily) =>
    app.put(
      url,
      { schema: { tags, summary: '修改备注 (最多500字, 空串清除)', params: leadIdParamsSchema, body: leadRemarkSchema, response: actionResponse } },
      async (request) =>
        answer(LeadMessage.RemarkSucceeded, await leads.setRemark(app.db, currentCustomerId(request), family, request.params.id, request.body.remark)),
    );

  // Lists: the customer's live leads of one kind, newest first; pagination in the headers.
  for (const [kind, url] of Object.entries(LEAD_LIST_PATHS) as Array<[LeadKind, string]>) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: `${LEAD_KIND_LABELS[kind]}列表 (默认今天; 分页信息在 x-pagination-info 与 link 响应头)`,
          querystring: leadListQuerySchema,
          response: { 200: leadSchema.array(), ...protectedErrors, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const { rows, totalRow } = await leads.listPage(app.db, currentCustomerId(request), kind, request.query);
        setPaginationHeaders(request, reply, request.query, totalRow);
        return rows;
      },
    );
  }

  app.get(
    `${F}/resource/summary`,
    { schema: { tags, summary: '智能投放资源统计 (全部、未读、今日、今日未读、已分配、未分配)', response: { 200: leadSummarySchema, ...protectedErrors } } },
    async (request) => leads.summary(app.db, currentCustomerId(request), 'resource'),
  );

  // The unread counters of every list, for the side menu's badges when the shell starts.
  app.get(
    `${F}/unread-counts`,
    { schema: { tags, summary: '各列表未读数 (侧边菜单角标)', response: { 200: codeResponse(leadUnreadCountsSchema), ...protectedErrors } } },
    async (request) => ({ code: ResponseCode.Success, message: '成功', data: await leads.unreadCounts(app.db, currentCustomerId(request)) }),
  );

  // Exports: CSV downloads by browser navigation.
  for (const [kind, url] of Object.entries(LEAD_EXPORT_PATHS) as Array<[LeadKind, string]>) {
    app.get(
      url,
      {
        // The stream, not just its start, must end within the export bound.
        handlerTimeout: REQUEST_LIMITS.exportTimeoutMs,
        schema: {
          tags,
          summary: `导出${LEAD_KIND_LABELS[kind]} (CSV, UTF-8 带 BOM; 必须选择时间范围, 最长366天)`,
          querystring: leadExportQuerySchema,
          produces: ['text/csv'],
          response: { ...protectedErrors, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const file = await exportLeads(app.db, currentCustomerId(request), kind, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          // RFC 6266: the ASCII fallback name, then the UTF-8 (Chinese) one per RFC 5987.
          .header('content-disposition', contentDisposition(file.fileName, { type: 'attachment', fallback: file.asciiFileName }))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          // A byte stream, not a schema-serialized body (the response schemas list only the errors).
          .send(file.stream as never);
      },
    );
  }

  // Bidding and form leads: /customer/feedback/feedbacks/...
  app.get(
    `${F}/feedbacks/:id`,
    { schema: { tags, summary: '线索详情 (留言详情页)', params: leadIdParamsSchema, response: { 200: leadSchema, ...protectedErrors, 404: errorSchema } } },
    async (request) => leads.getLead(app.db, currentCustomerId(request), 'feedbacks', request.params.id),
  );
  remark(`${F}/feedbacks/:id`, 'feedbacks');
  single('PUT', `${F}/feedbacks/:id/read`, 'feedbacks', 'read');
  single('PUT', `${F}/feedbacks/:id/unread`, 'feedbacks', 'unread');
  single('DELETE', `${F}/feedbacks/:id`, 'feedbacks', 'delete');
  batch(`${F}/feedbacks/read`, 'feedbacks', 'read');
  batch(`${F}/feedbacks/unread`, 'feedbacks', 'unread');
  batch(`${F}/feedbacks/deleteList`, 'feedbacks', 'delete');

  // Smart investment: /customer/feedback/resource/...
  remark(`${F}/resource/:id`, 'resource');
  batch(`${F}/resource/ids/read/many`, 'resource', 'read');
  batch(`${F}/resource/ids/unread/many`, 'resource', 'unread');
  batch(`${F}/resource/deleteList`, 'resource', 'delete');
  single('PUT', `${F}/resource/:id/delete`, 'resource', 'delete');
  single('PUT', `${F}/resource/:id/read`, 'resource', 'read');
  single('PUT', `${F}/resource/:id/unread`, 'resource', 'unread');

  // Resource distribution.
  batch(`${F}/resource-distribution/ids/del-status`, 'resourceDistribution', 'delete');
  batch(`${F}/resource-distribution/ids/read`, 'resourceDistribution', 'read');
  batch(`${F}/resource-distribution/ids/unread`, 'resourceDistribution', 'unread');

  // Search-engine message board (baidu flow) and today-header flow: the same shapes.
  for (const [path, family] of [
    ['baidu-flow', 'baiduFlow'],
    ['today-header-flow', 'todayHeaderFlow'],
  ] as const) {
    batch(`${F}/${path}/deleteList`, family, 'delete');
    batch(`${F}/${path}/ids/read/many`, family, 'read');
    batch(`${F}/${path}/ids/unread/many`, family, 'unread');
    single('DELETE', `${F}/${path}/:id/delete`, family, 'delete');
    single('PUT', `${F}/${path}/:id/read`, family, 'read');
    single('PUT', `${F}/${path}/:id/unread`, family, 'unread');
  }
  remark(`${F}/baidu-flow/:id`, 'baiduFlow');
  // The spec lists today-header-flow's calls as PUT: its delete answers PUT as well as DELETE.
  single('PUT', `${F}/today-header-flow/:id/delete`, 'todayHeaderFlow', 'delete');
  app.put(
    `${F}/today-header-flow/:id`,
    {
      schema: {
        tags,
        summary: "修改备注 (最多500字); tableName 可选, 须为 'today_header_flow'",
        params: leadIdParamsSchema,
        body: todayHeaderRemarkSchema,
        response: actionResponse,
      },
    },
    async (request) =>
      answer(
        LeadMessage.RemarkSucceeded,
        await leads.setRemark(app.db, currentCustomerId(request), 'todayHeaderFlow', request.params.id, request.body.remark),
      ),
  );

  // Regular-investment CPC resources: POSTs whose ids come in the query (spec 001: no body) or a JSON body.
  const CPC = `${F}/resourceCpchandler`;
  const required = <T>(value: T | undefined, message: string): T => {
    if (value === undefined) throw badRequest(message);
    return value;
  };
  const nonEmpty = (ids: number[] | undefined, message: string): number[] => {
    if (!ids?.length) throw badRequest(message);
    return ids;
  };
  app.post(
    `${CPC}/delete`,
    { schema: { tags, summary: '删除 (query id, 或 body {id})', querystring: cpcQuerySchema, body: cpcIdBodySchema, response: actionResponse } },
    async (request) => {
      const id = required(request.body?.id ?? request.query.id, LeadApiMessage.IdInvalid);
      return answer(LeadMessage.DeleteSucceeded, await leads.remove(app.db, currentCustomerId(request), 'resourceCpc', [id]));
    },
  );
  app.post(
    `${CPC}/deleteBatch`,
    { schema: { tags, summary: '批量删除 (query ids=1,2, 或 body {ids} / number[])', querystring: cpcQuerySchema, body: cpcIdsBodySchema, response: actionResponse } },
    async (request) => {
      const ids = nonEmpty(request.body?.ids ?? request.query.ids, LeadMessage.NothingSelectedDelete);
      return answer(LeadMessage.DeleteSucceeded, await leads.remove(app.db, currentCustomerId(request), 'resourceCpc', ids));
    },
  );
  app.post(
    `${CPC}/updateReadStatus`,
    { schema: { tags, summary: '修改已读状态 (query id, readStatus, 或 body {id, readStatus})', querystring: cpcQuerySchema, body: cpcReadBodySchema, response: actionResponse } },
    async (request) => {
      const { body, query } = request;
      const id = required(body?.id ?? query.id, LeadApiMessage.IdInvalid);
      const readStatus = required(body?.readStatus ?? query.readStatus, LeadApiMessage.ReadStatusInvalid);
      return answer(LeadMessage.ReadSucceeded, await leads.markRead(app.db, currentCustomerId(request), 'resourceCpc', [id], readStatus));
    },
  );
  app.post(
    `${CPC}/updateReadStatusBatch`,
    { schema: { tags, summary: '批量修改已读状态 (query ids=1,2, readStatus, 或 body {ids, readStatus})', querystring: cpcQuerySchema, body: cpcReadBatchBodySchema, response: actionResponse } },
    async (request) => {
      const { body, query } = request;
      const ids = nonEmpty(body?.ids ?? query.ids, LeadMessage.NothingSelectedList);
      const readStatus = required(body?.readStatus ?? query.readStatus, LeadApiMessage.ReadStatusInvalid);
      return answer(LeadMessage.ReadSucceeded, await leads.markRead(app.db, currentCustomerId(request), 'resourceCpc', ids, readStatus));
    },
  );
};
