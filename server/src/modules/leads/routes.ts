import { LeadMessage, listUnreadCounts, ReadStatus, ResponseCode } from '@portal/contracts';
import { LeadApiMessage, type LeadActionResult, type LeadFamily, type LeadKind } from '@portal/contracts/leads';
import { leadActionEndpoints, leadEndpoints, leadExportEndpoints, leadListEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { asDownload } from '../../http/download';
import { badRequest } from '../../http/errors';
import { setPaginationHeaders } from '../../http/pagination';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import { REQUEST_LIMITS } from '../../plugins/request-limits';
import { leadRules, saveLeadRules } from './duplicates';
import { exportLeads } from './export';
import * as leads from './service';

const answer = (message: string, data: LeadActionResult) => ({ code: ResponseCode.Success, message, data });

type Action = 'read' | 'unread' | 'delete';

const ACTION_MESSAGES: Record<Action, string> = {
  read: LeadMessage.ReadSucceeded,
  unread: LeadMessage.ReadSucceeded,
  delete: LeadMessage.DeleteSucceeded,
};

/**
 * The lead lists and their actions (entries in @portal/contracts' leadEndpoints, spec 001
 * section 7). Each id must be a live lead of the logged-in customer on the path's list family,
 * else 404 '数据不存在' and nothing changes (batches are all or nothing). Every action answers
 * `{code: '200', message, data: {count, unread}}` where `unread` holds the new unread counts of
 * every list kind.
 */
export const leadRoutes: FastifyPluginAsync<{ exportMaxRows?: number }> = async (app, options) => {
  // After the commit, the new counters go to the customer's other tabs (realtime topic unread).
  const apply = async (family: LeadFamily, action: Action, customerId: number, ids: readonly number[]) => {
    const result =
      action === 'delete'
        ? await leads.remove(app.db, customerId, family, ids)
        : await leads.markRead(app.db, customerId, family, ids, action === 'read' ? ReadStatus.Read : ReadStatus.Unread);
    app.events.emit('counters.changed', { customerId, leads: listUnreadCounts(result.unread) });
    return result;
  };

  /** A per-lead action on the `{id}` of the path. */
  const single = (family: LeadFamily, action: Action) => async (request: FastifyRequest<{ Params: { id: number } }>) =>
    answer(ACTION_MESSAGES[action], await apply(family, action, currentCustomerId(request), [request.params.id]));
  /** A batch action on the body's ids. */
  const batch = (family: LeadFamily, action: Action) => async (request: FastifyRequest<{ Body: { ids: number[] } }>) =>
    answer(ACTION_MESSAGES[action], await apply(family, action, currentCustomerId(request), request.body.ids));
  const remark = (family: LeadFamily) => async (request: FastifyRequest<{ Params: { id: number }; Body: { remark: string } }>) =>
    answer(LeadMessage.RemarkSucceeded, await leads.setRemark(app.db, currentCustomerId(request), family, request.params.id, request.body.remark));

  // Lists: the customer's live leads of one kind, newest first; pagination in the headers.
  for (const [kind, entry] of Object.entries(leadListEndpoints) as Array<[LeadKind, (typeof leadListEndpoints)[LeadKind]]>) {
    route(app, entry, async (request, reply) => {
      const { rows, totalRow } = await leads.listPage(app.db, currentCustomerId(request), kind, request.query);
      setPaginationHeaders(request, reply, request.query, totalRow);
      return rows;
    });
  }

  route(app, leadEndpoints.resourceSummary, async (request) => leads.summary(app.db, currentCustomerId(request), 'resource'));

  // The unread counters of every list, for the side menu's badges when the shell starts.
  route(app, leadEndpoints.unreadCounts, async (request) => ({
    code: ResponseCode.Success,
    message: '成功',
    data: await leads.unreadCounts(app.db, currentCustomerId(request)),
  }));

  // Exports: CSV downloads by browser navigation.
  for (const [kind, entry] of Object.entries(leadExportEndpoints) as Array<
    [LeadKind, (typeof leadExportEndpoints)[keyof typeof leadExportEndpoints]]
  >) {
    route(
      app,
      entry,
      async (request, reply) => {
        const file = await exportLeads(app.readDb, currentCustomerId(request), kind, request.query, options.exportMaxRows);
        return (
          asDownload(reply.type('text/csv; charset=utf-8'), file.fileName, file.asciiFileName)
            // A byte stream, not a schema-serialized body (the response schemas list only the errors).
            .send(file.stream as never)
        );
      },
      // The stream, not just its start, must end within the export bound.
      { handlerTimeout: REQUEST_LIMITS.exportTimeoutMs },
    );
  }

  route(app, leadEndpoints.rules, async (request) => leadRules(app.db, currentCustomerId(request), app.phoneChecker !== null));
  route(app, leadEndpoints.saveRules, async (request) => saveLeadRules(app.db, currentCustomerId(request), request.body, app.phoneChecker !== null));

  route(app, leadEndpoints.detail, async (request) => leads.getLead(app.db, currentCustomerId(request), request.params.id));

  // Bidding and form leads: /customer/feedback/feedbacks/...
  const feedbacks = leadActionEndpoints.feedbacks;
  route(app, feedbacks.remark, remark('feedbacks'));
  route(app, feedbacks.read, single('feedbacks', 'read'));
  route(app, feedbacks.unread, single('feedbacks', 'unread'));
  route(app, feedbacks.remove, single('feedbacks', 'delete'));
  route(app, feedbacks.readMany, batch('feedbacks', 'read'));
  route(app, feedbacks.unreadMany, batch('feedbacks', 'unread'));
  route(app, feedbacks.removeMany, batch('feedbacks', 'delete'));

  // Smart investment: /customer/feedback/resource/...
  const resource = leadActionEndpoints.resource;
  route(app, resource.remark, remark('resource'));
  route(app, resource.read, single('resource', 'read'));
  route(app, resource.unread, single('resource', 'unread'));
  route(app, resource.remove, single('resource', 'delete'));
  route(app, resource.readMany, batch('resource', 'read'));
  route(app, resource.unreadMany, batch('resource', 'unread'));
  route(app, resource.removeMany, batch('resource', 'delete'));

  // Resource distribution.
  const distribution = leadActionEndpoints.resourceDistribution;
  route(app, distribution.readMany, batch('resourceDistribution', 'read'));
  route(app, distribution.unreadMany, batch('resourceDistribution', 'unread'));
  route(app, distribution.removeMany, batch('resourceDistribution', 'delete'));

  // Search-engine message board (baidu flow).
  const baiduFlow = leadActionEndpoints.baiduFlow;
  route(app, baiduFlow.remark, remark('baiduFlow'));
  route(app, baiduFlow.read, single('baiduFlow', 'read'));
  route(app, baiduFlow.unread, single('baiduFlow', 'unread'));
  route(app, baiduFlow.remove, single('baiduFlow', 'delete'));
  route(app, baiduFlow.readMany, batch('baiduFlow', 'read'));
  route(app, baiduFlow.unreadMany, batch('baiduFlow', 'unread'));
  route(app, baiduFlow.removeMany, batch('baiduFlow', 'delete'));

  // Today-header flow: the baidu-flow shapes, its delete by PUT too, and a remark that may name its tableName.
  const todayHeader = leadActionEndpoints.todayHeaderFlow;
  route(app, todayHeader.remark, remark('todayHeaderFlow'));
  route(app, todayHeader.read, single('todayHeaderFlow', 'read'));
  route(app, todayHeader.unread, single('todayHeaderFlow', 'unread'));
  route(app, todayHeader.remove, single('todayHeaderFlow', 'delete'));
  route(app, todayHeader.removeByPut, single('todayHeaderFlow', 'delete'));
  route(app, todayHeader.readMany, batch('todayHeaderFlow', 'read'));
  route(app, todayHeader.unreadMany, batch('todayHeaderFlow', 'unread'));
  route(app, todayHeader.removeMany, batch('todayHeaderFlow', 'delete'));

  // Regular-investment CPC resources: POSTs whose ids come in the query (spec 001: no body) or a JSON body.
  const cpc = leadActionEndpoints.resourceCpc;
  const required = <T>(value: T | undefined, message: string): T => {
    if (value === undefined) throw badRequest(message);
    return value;
  };
  const nonEmpty = (ids: number[] | undefined, message: string): number[] => {
    if (!ids?.length) throw badRequest(message);
    return ids;
  };
  route(app, cpc.remove, async (request) => {
    const id = required(request.body?.id ?? request.query.id, LeadApiMessage.IdInvalid);
    return answer(LeadMessage.DeleteSucceeded, await leads.remove(app.db, currentCustomerId(request), 'resourceCpc', [id]));
  });
  route(app, cpc.removeMany, async (request) => {
    const ids = nonEmpty(request.body?.ids ?? request.query.ids, LeadMessage.NothingSelectedDelete);
    return answer(LeadMessage.DeleteSucceeded, await leads.remove(app.db, currentCustomerId(request), 'resourceCpc', ids));
  });
  route(app, cpc.setRead, async (request) => {
    const { body, query } = request;
    const id = required(body?.id ?? query.id, LeadApiMessage.IdInvalid);
    const readStatus = required(body?.readStatus ?? query.readStatus, LeadApiMessage.ReadStatusInvalid);
    return answer(LeadMessage.ReadSucceeded, await leads.markRead(app.db, currentCustomerId(request), 'resourceCpc', [id], readStatus));
  });
  route(app, cpc.setReadMany, async (request) => {
    const { body, query } = request;
    const ids = nonEmpty(body?.ids ?? query.ids, LeadMessage.NothingSelectedList);
    const readStatus = required(body?.readStatus ?? query.readStatus, LeadApiMessage.ReadStatusInvalid);
    return answer(LeadMessage.ReadSucceeded, await leads.markRead(app.db, currentCustomerId(request), 'resourceCpc', ids, readStatus));
  });
};
